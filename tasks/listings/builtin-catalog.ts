import { CATALOG_ROWS } from "./builtin-catalog-data";
import type { Listing } from "./listing";

/** Bumped whenever a product is added or its prices change, so recorded runs can say which catalog they used. */
export const BUILTIN_CATALOG_VERSION = "1";

/** Always available: the default source for listing-based tasks when no CSV is supplied (D16). */
export const BUILTIN_CATALOG: readonly Listing[] = Object.freeze(
  CATALOG_ROWS.map(
    ([name, category, listPrice, streetPrice], i): Listing =>
      Object.freeze({
        id: `bi-${String(i + 1).padStart(3, "0")}`,
        name,
        category,
        listPrice,
        streetPrice,
        source: "builtin" as const,
      }),
  ),
);
