/**
 * A user-supplied listing file that cannot be used. Raised while loading (at startup or
 * reset), never mid-episode, and always names the file and, where known, the row.
 */
export class ListingFileError extends Error {
  readonly file: string;
  /** CSV: 1-based record number, header = row 1. JSON lists: the 0-based element index. */
  readonly row: number | null;
  readonly reason: string;

  constructor(file: string, row: number | null, reason: string, unit: "row" | "element" = "row") {
    super(row === null ? `${file}: ${reason}` : `${file}, ${unit} ${row}: ${reason}`);
    this.name = "ListingFileError";
    this.file = file;
    this.row = row;
    this.reason = reason;
  }
}
