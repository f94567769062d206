import { ListingFileError } from "./listing-file-error";

export interface CsvRecord {
  /** 1-based record number (the header is row 1); blank lines still take a number. */
  row: number;
  fields: string[];
}

const QUOTE = 34;
const COMMA = 44;
const CR = 13;
const LF = 10;

/**
 * RFC 4180 reader: quoted fields may hold commas, doubled quotes and line breaks;
 * CRLF or LF line ends; a leading UTF-8 BOM is dropped. Wholly blank lines are skipped.
 * Stray characters after a closing quote are kept, as spreadsheet exports produce them.
 */
export function parseCsv(text: string, file: string): CsvRecord[] {
  const src = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const records: CsvRecord[] = [];
  const n = src.length;
  let i = 0;
  let row = 1;

  while (i < n) {
    const startRow = row;
    const fields: string[] = [];
    let field = "";
    let endOfRecord = false;

    while (!endOfRecord) {
      if (i < n && src.charCodeAt(i) === QUOTE) {
        i++;
        let closed = false;
        while (i < n) {
          const q = src.indexOf('"', i);
          if (q === -1) break;
          field += src.slice(i, q);
          if (src.charCodeAt(q + 1) === QUOTE) {
            field += '"';
            i = q + 2;
          } else {
            i = q + 1;
            closed = true;
            break;
          }
        }
        if (!closed)
          throw new ListingFileError(file, startRow, "unbalanced quotes: a quoted field never closes");
      }
      // Unquoted text, or trailing characters after a closing quote, up to the next separator.
      let j = i;
      while (j < n) {
        const c = src.charCodeAt(j);
        if (c === COMMA || c === LF || c === CR) break;
        j++;
      }
      field += src.slice(i, j);
      i = j;
      fields.push(field);
      field = "";
      if (i >= n) {
        endOfRecord = true;
      } else if (src.charCodeAt(i) === COMMA) {
        i++;
        if (i >= n) fields.push("");
        endOfRecord = i >= n;
      } else {
        i += src.charCodeAt(i) === CR && src.charCodeAt(i + 1) === LF ? 2 : 1;
        endOfRecord = true;
      }
    }

    const blank = fields.length === 1 && fields[0] === "";
    if (!blank) records.push({ row: startRow, fields });
    row++;
  }
  return records;
}
