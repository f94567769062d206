/**
 * Seeded, counter-based randomness. Every draw comes from a generator keyed by
 * (episode seed, stream name, round), so streams are independent (a change in how
 * many tells draws happen can never shift a seller decision) and any round can be
 * re-derived without replaying earlier draws — which is what makes event-log replay
 * and counterfactual branching exact.
 */
/**
 * "economics" and "seller_type" serve v2 tasks only (per-seed budget, cost, horizon and the hidden
 * seller type); being new keys, they shift no draw of the v1 streams.
 */
export type StreamName =
  | "listing"
  | "seller"
  | "tells"
  | "phrasing"
  | "buyer"
  | "arena"
  | "economics"
  | "seller_type";

function fnv1a(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

function splitmix32(a: number): () => number {
  let s = a >>> 0;
  return () => {
    s = (s + 0x9e3779b9) >>> 0;
    let z = s;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
    return (z ^ (z >>> 16)) >>> 0;
  };
}

/** A small fast generator (sfc32) with Gaussian draws via Box–Muller. */
export class Rng {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  constructor(seed: number) {
    const mix = splitmix32(seed);
    this.a = mix();
    this.b = mix();
    this.c = mix();
    this.d = mix();
    // splitmix already decorrelates the state words; a few rounds settle the counter.
    for (let i = 0; i < 4; i++) this.nextUint32();
  }

  nextUint32(): number {
    const t = (((this.a + this.b) >>> 0) + this.d) >>> 0;
    this.d = (this.d + 1) >>> 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) >>> 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) >>> 0;
    return t;
  }

  /** Uniform in [0, 1). */
  next(): number {
    return this.nextUint32() / 4294967296;
  }

  uniform(lo: number, hi: number): number {
    return lo + (hi - lo) * this.next();
  }

  /** Integer in [0, n). */
  int(n: number): number {
    return Math.floor(this.next() * n);
  }

  /** Fisher–Yates in place, from the last item down: a seeded order, the same for the same draws. */
  shuffle(items: unknown[]): void {
    for (let i = items.length - 1; i > 0; i--) {
      const j = this.int(i + 1);
      [items[i], items[j]] = [items[j], items[i]];
    }
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new RangeError("pick from an empty list");
    return items[this.int(items.length)] as T;
  }

  gaussian(mean = 0, sd = 1): number {
    const u1 = 1 - this.next(); // (0, 1]: log never sees 0
    const u2 = this.next();
    return mean + sd * Math.sqrt(-2 * Math.log(u1)) * Math.cos(2 * Math.PI * u2);
  }
}

// murmur3's finaliser: a cheap full-avalanche mix of 32 bits.
function fmix(h: number): number {
  let x = h >>> 0;
  x = Math.imul(x ^ (x >>> 16), 0x85ebca6b);
  x = Math.imul(x ^ (x >>> 13), 0xc2b2ae35);
  return (x ^ (x >>> 16)) >>> 0;
}

const STREAM_KEYS: Record<StreamName, number> = {
  listing: fnv1a("listing"),
  seller: fnv1a("seller"),
  tells: fnv1a("tells"),
  phrasing: fnv1a("phrasing"),
  buyer: fnv1a("buyer"),
  arena: fnv1a("arena"),
  economics: fnv1a("economics"),
  seller_type: fnv1a("seller_type"),
};

/**
 * The generator for one stream at one point of an episode. Same arguments ⇒ same draws.
 * Seeds up to 2^53 are used whole (high and low words both enter the key).
 */
export function rngFor(seed: number, stream: StreamName, episode: number, round: number): Rng {
  const lo = seed >>> 0;
  const hi = Math.floor(seed / 4294967296) >>> 0;
  let h = fmix(lo ^ 0x9e3779b9);
  h = fmix(h ^ hi);
  h = fmix(h ^ STREAM_KEYS[stream]);
  h = fmix(h ^ Math.imul(episode, 0x27d4eb2f));
  h = fmix(h ^ Math.imul(round + 1, 0x165667b1));
  return new Rng(h);
}

/** Derive a 31-bit seed from any integer seed and a label (e.g. per-item seeds in a batch). */
export function deriveSeed(seed: number, label: string): number {
  return splitmix32(fnv1a(`${seed}:${label}`))() >>> 1;
}
