import { type SellerPolicy, sellerKey } from "../env/seller-policy";
import { classicRelease } from "./classic/classic-releases";

/**
 * Every released seller, by "id@version". Released versions never change (a lock file test
 * pins their hashes); new behaviour ships as a new version beside the old one.
 */
const RELEASES: readonly SellerPolicy[] = [
  classicRelease("default"),
  classicRelease("deceptive"),
  classicRelease("impatient"),
  classicRelease("collaborative"),
];

const BY_KEY = new Map(RELEASES.map((s) => [sellerKey(s.ref), s]));

export function listSellers(): readonly SellerPolicy[] {
  return RELEASES;
}

export class UnknownSellerError extends Error {
  constructor(
    readonly requested: string,
    readonly available: readonly string[],
  ) {
    super(`Unknown seller "${requested}". Available: ${available.join(", ")}`);
    this.name = "UnknownSellerError";
  }
}

/** Resolve "id@version", or a bare "id" to its latest version. */
export function resolveSeller(key: string): SellerPolicy {
  const exact = BY_KEY.get(key);
  if (exact) return exact;
  if (!key.includes("@")) {
    const latest = RELEASES.filter((s) => s.ref.id === key).sort((a, b) => b.ref.version - a.ref.version)[0];
    if (latest) return latest;
  }
  throw new UnknownSellerError(key, [...BY_KEY.keys()]);
}
