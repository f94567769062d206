import { createHash, timingSafeEqual } from "node:crypto";
import { readFileSync } from "node:fs";

/** Shorter keys are refused at startup: a public server's keys must not be guessable. */
export const MIN_KEY_LENGTH = 16;

/** SHA-256 of a secret: what is stored in place of an API key or an agent token. */
export const secretDigest = (key: string): Buffer => createHash("sha256").update(key, "utf8").digest();
const digest = secretDigest;

/** Constant-time equality of two digests (false, without comparing, when their lengths differ). */
export const sameDigest = (a: Buffer, b: Buffer): boolean => a.length === b.length && timingSafeEqual(a, b);

/**
 * The accepted API keys, held only as SHA-256 digests. A presented key is hashed and compared
 * with every stored digest in constant time, with no early exit, so neither the match nor its
 * position shows in the timing. Keys are named by position (`key-1`, ...) for rate and
 * session accounting: nothing derived from a key's text is kept or logged.
 */
export class ApiKeys {
  private readonly digests: readonly Buffer[];

  constructor(keys: readonly string[]) {
    const unique = [...new Set(keys)];
    const short = unique.findIndex((k) => k.length < MIN_KEY_LENGTH);
    if (short !== -1) {
      throw new Error(`API key #${short + 1} is shorter than ${MIN_KEY_LENGTH} characters.`);
    }
    this.digests = unique.map(digest);
  }

  get size(): number {
    return this.digests.length;
  }

  /** The matching key's name, or null. */
  identify(presented: string): string | null {
    const d = digest(presented);
    let found = -1;
    for (let i = 0; i < this.digests.length; i++) {
      if (sameDigest(d, this.digests[i] as Buffer)) found = i;
    }
    return found === -1 ? null : `key-${found + 1}`;
  }
}

/** Keys from a file: one per line; blank lines and lines starting with # are skipped. */
export function parseKeysFile(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l.length > 0 && !l.startsWith("#"));
}

export function readKeysFile(path: string): string[] {
  return parseKeysFile(readFileSync(path, "utf8"));
}

/** The key in `Authorization: Bearer <key>` (scheme case-insensitive), or null. */
export function bearerKey(header: string | undefined): string | null {
  if (header === undefined) return null;
  const m = /^\s*bearer\s+(\S+)\s*$/i.exec(header);
  return m === null ? null : (m[1] as string);
}
