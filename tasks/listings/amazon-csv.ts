import { parseCsv } from "./csv";
import type { Listing } from "./listing";
import { shortName } from "./listing";
import { ListingFileError } from "./listing-file-error";
import { decodeUtf8, readListingBytes } from "./read-listing-file";

export interface SkippedRow {
  /** 1-based record number; the header is row 1. */
  row: number;
  reason: string;
}

export interface AmazonCsvReport {
  listings: Listing[];
  skipped: SkippedRow[];
}

const REQUIRED = ["product_name", "category", "actual_price", "discounted_price"] as const;
type Column = (typeof REQUIRED)[number];

/** "₹1,099" → 1099. Anything that is not a plain positive-looking number becomes NaN. */
export function parseRupees(raw: string): number {
  const cleaned = raw.replace(/[^0-9.]/g, "");
  return cleaned === "" ? Number.NaN : Number(cleaned);
}

function columnIndexes(file: string, header: readonly string[]): Record<Column, number> {
  const names = header.map((h) => h.trim().toLowerCase());
  const missing = REQUIRED.filter((c) => !names.includes(c));
  if (missing.length > 0) {
    throw new ListingFileError(file, 1, `header lacks required column(s): ${missing.join(", ")}`);
  }
  return {
    product_name: names.indexOf("product_name"),
    category: names.indexOf("category"),
    actual_price: names.indexOf("actual_price"),
    discounted_price: names.indexOf("discounted_price"),
  };
}

function rowProblem(name: string, actual: number, discounted: number): string | null {
  if (name === "") return "empty product_name";
  if (Number.isNaN(actual)) return "missing or unreadable actual_price";
  if (Number.isNaN(discounted)) return "missing or unreadable discounted_price";
  if (actual <= 0) return "actual_price is not positive";
  if (discounted <= 0) return "discounted_price is not positive";
  if (discounted >= actual) return "discounted_price is not below actual_price";
  return null;
}

/**
 * Loads a CSV in the public "Amazon Sales Dataset" layout. Unusable rows are skipped and
 * reported; a file that cannot be used at all raises ListingFileError naming file and row.
 */
export function loadAmazonCsvReport(file: string): AmazonCsvReport {
  const text = decodeUtf8(file, readListingBytes(file));
  const records = parseCsv(text, file);
  const header = records[0];
  if (header === undefined) throw new ListingFileError(file, null, "file is empty");
  const col = columnIndexes(file, header.fields);

  const listings: Listing[] = [];
  const skipped: SkippedRow[] = [];
  for (let k = 1; k < records.length; k++) {
    const { row, fields } = records[k] as (typeof records)[number];
    const cell = (c: Column): string => fields[col[c]] ?? "";
    const name = shortName(cell("product_name"));
    const actual = parseRupees(cell("actual_price"));
    const discounted = parseRupees(cell("discounted_price"));
    const problem = rowProblem(name, actual, discounted);
    if (problem !== null) {
      skipped.push({ row, reason: problem });
      continue;
    }
    const category = (cell("category").split("|")[0] ?? "").trim();
    listings.push({
      id: `amz-${row}`,
      name,
      category: category === "" ? "unknown" : category,
      listPrice: actual,
      streetPrice: discounted,
      source: "amazon-csv",
    });
  }

  if (listings.length === 0) {
    const why = skipped.length === 0 ? "no data rows" : `all ${skipped.length} data rows were unusable`;
    throw new ListingFileError(file, null, `no usable listings (${why})`);
  }
  return { listings, skipped };
}

export function loadAmazonCsv(file: string): Listing[] {
  return loadAmazonCsvReport(file).listings;
}
