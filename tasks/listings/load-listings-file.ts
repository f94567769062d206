import { loadAmazonCsv } from "./amazon-csv";
import { loadCraigslist } from "./craigslist";
import type { Listing } from "./listing";
import { ListingFileError } from "./listing-file-error";

/**
 * A product file for listing-based tasks, chosen by its name: `.csv` is the public "Amazon
 * Sales" layout, `.json` / `.json.gz` is CraigslistBargain. Problems are a ListingFileError
 * naming the file (and row), raised when the file is loaded — at startup, never mid-episode.
 */
export function loadListingsFile(path: string): Listing[] {
  const lower = path.toLowerCase();
  if (lower.endsWith(".csv")) return loadAmazonCsv(path);
  if (lower.endsWith(".json") || lower.endsWith(".json.gz") || lower.endsWith(".gz"))
    return loadCraigslist(path);
  throw new ListingFileError(
    path,
    null,
    "unknown listing file type: use .csv (Amazon Sales layout) or .json/.json.gz (CraigslistBargain)",
  );
}
