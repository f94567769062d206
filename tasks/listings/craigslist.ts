import { gunzipSync } from "node:zlib";
import { round2 } from "../../env/money";
import { clipName, type Listing } from "./listing";
import { ListingFileError } from "./listing-file-error";
import { decodeUtf8, readListingBytes } from "./read-listing-file";

export interface CraigslistOptions {
  /** Inclusive bounds on the asking price; listings outside are skipped. */
  minPrice?: number;
  maxPrice?: number;
}

export interface CraigslistSkip {
  /** 0-based index of the element in the JSON list. */
  element: number;
  reason: string;
}

export interface CraigslistReport {
  listings: Listing[];
  skipped: CraigslistSkip[];
}

/**
 * Craigslist posts carry only an asking price. Used sellers usually settle about a fifth
 * below it, so that is taken as the street price (and through it the seller's cost).
 */
export const CRAIGSLIST_STREET_SHARE = 0.8;

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

function isObject(v: Json | undefined): v is JsonObject {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

class BadElement extends Error {}

function optionalText(v: Json | undefined, field: string, fallback: string): string {
  if (v === undefined || v === null) return fallback;
  if (typeof v !== "string") throw new BadElement(`${field} must be text`);
  const t = v.trim();
  return t === "" ? fallback : t;
}

/** Accepts 120, "120", "$1,200"; null/absent means the post had no price. */
function parsePrice(v: Json | undefined): number | null {
  if (v === undefined || v === null) return null;
  if (typeof v === "number" && Number.isFinite(v)) return v;
  if (typeof v === "string") {
    const cleaned = v.replace(/[$,\s]/g, "");
    const n = cleaned === "" ? Number.NaN : Number(cleaned);
    if (Number.isFinite(n)) return n;
  }
  throw new BadElement(`price ${JSON.stringify(v)} is not a number`);
}

interface Flat {
  category: Json | undefined;
  title: Json | undefined;
  price: Json | undefined;
}

/** CodaLab dialogue rows keep the item inside each side's knowledge base; the seller's is authoritative. */
function flattenScenario(scenario: Json | undefined): Flat {
  if (!isObject(scenario)) throw new BadElement("scenario must be an object");
  const kbs = scenario.kbs;
  if (!Array.isArray(kbs) || kbs.length === 0) throw new BadElement("scenario.kbs must be a non-empty list");
  const role = (kb: Json) => (isObject(kb) && isObject(kb.personal) ? kb.personal.Role : undefined);
  const kb = kbs.find((k) => role(k) === "seller") ?? kbs[0];
  if (!isObject(kb)) throw new BadElement("scenario.kbs entries must be objects");
  const item = isObject(kb.item) ? kb.item : {};
  const personal = isObject(kb.personal) ? kb.personal : {};
  const itemPrice = item.Price;
  return {
    category: scenario.category,
    title: item.Title,
    price: itemPrice === undefined || itemPrice === null ? personal.Target : itemPrice,
  };
}

function toFlat(el: Json): Flat {
  if (!isObject(el)) throw new BadElement("element must be an object");
  if ("scenario" in el) return flattenScenario(el.scenario);
  return { category: el.category, title: el.title, price: el.price };
}

function parseList(file: string): Json[] {
  let bytes: Uint8Array = readListingBytes(file);
  if (bytes[0] === 0x1f && bytes[1] === 0x8b) {
    try {
      bytes = gunzipSync(bytes);
    } catch (err) {
      const detail = err instanceof Error ? err.message : String(err);
      throw new ListingFileError(file, null, `corrupt gzip data (${detail})`);
    }
  }
  const text = decodeUtf8(file, bytes);
  let data: Json;
  try {
    data = JSON.parse(text) as Json;
  } catch (err) {
    const detail = err instanceof Error ? err.message : String(err);
    throw new ListingFileError(file, null, `malformed JSON (${detail})`);
  }
  if (!Array.isArray(data)) throw new ListingFileError(file, null, "expected a JSON list of listings");
  return data;
}

/**
 * Loads a CraigslistBargain split (plain or gzipped JSON). Unlike the original, a missing
 * or broken file is an error naming it, and a malformed element names its index.
 */
export function loadCraigslistReport(file: string, options: CraigslistOptions = {}): CraigslistReport {
  const { minPrice = 100, maxPrice = 50_000 } = options;
  const data = parseList(file);
  const listings: Listing[] = [];
  const skipped: CraigslistSkip[] = [];

  data.forEach((el, index) => {
    let category: string;
    let title: string;
    let price: number | null;
    try {
      const flat = toFlat(el);
      category = optionalText(flat.category, "category", "unknown");
      title = optionalText(flat.title, "title", "untitled");
      price = parsePrice(flat.price);
    } catch (err) {
      if (err instanceof BadElement) throw new ListingFileError(file, index, err.message, "element");
      throw err;
    }
    if (price === null) {
      skipped.push({ element: index, reason: "no price" });
    } else if (price <= 0) {
      skipped.push({ element: index, reason: "price is not positive" });
    } else if (price < minPrice || price > maxPrice) {
      skipped.push({ element: index, reason: `price ${price} outside ${minPrice}–${maxPrice}` });
    } else {
      listings.push({
        id: `cl-${index}`,
        name: clipName(title),
        category,
        listPrice: round2(price),
        streetPrice: round2(CRAIGSLIST_STREET_SHARE * price),
        source: "craigslist",
      });
    }
  });

  if (listings.length === 0) {
    throw new ListingFileError(
      file,
      null,
      `no usable listings (${data.length} elements, none priced in range)`,
    );
  }
  return { listings, skipped };
}

export function loadCraigslist(file: string, options: CraigslistOptions = {}): Listing[] {
  return loadCraigslistReport(file, options).listings;
}
