import { readFileSync } from "node:fs";
import { ListingFileError } from "./listing-file-error";

/** Reads a listing file's bytes, turning every filesystem failure into a ListingFileError. */
export function readListingBytes(file: string): Buffer {
  try {
    return readFileSync(file);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === "ENOENT") throw new ListingFileError(file, null, "file not found");
    if (code === "EISDIR") throw new ListingFileError(file, null, "is a directory, not a file");
    const detail = err instanceof Error ? err.message : String(err);
    throw new ListingFileError(file, null, `cannot read file (${detail})`);
  }
}

const strictUtf8 = new TextDecoder("utf-8", { fatal: true });

/** Decodes UTF-8, refusing mangled bytes rather than silently replacing them in product names. */
export function decodeUtf8(file: string, bytes: Uint8Array): string {
  try {
    return strictUtf8.decode(bytes);
  } catch {
    throw new ListingFileError(file, null, "not valid UTF-8 text");
  }
}
