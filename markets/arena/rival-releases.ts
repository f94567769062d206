import { contentHash } from "../../sellers/content-hash";

/**
 * The pinned rival buyers of market tasks (marketplace_arena@4), released like sellers and
 * buyers: a release names the policy and every number it reads; its hash is the content hash
 * of this manifest, pinned in markets/arena/rivals.lock.json. A change in behaviour ships as a
 * new version beside the old one, never as an edit.
 *
 * Every rival bargains in its own private thread with the market's seller by the time-based
 * rule of buyers/time-based-buyers.ts (GENIUS convention), up to its private value for a unit:
 * - `valueOverAsk`: its value is the opening ask × a uniform draw from this range;
 * - `thinkOverTick`: virtual time between its moves, as a multiple of the agent's tick;
 * - `arriveOverTick`: when it looks at the listing, as a multiple of the tick;
 * - it passes when its value is below `passBelowAskShare` × the ask.
 */
export interface RivalParams {
  e: number;
  k: number;
  openFraction: number;
  valueOverAsk: readonly [number, number];
  thinkOverTick: readonly [number, number];
  arriveOverTick: readonly [number, number];
  passBelowAskShare: number;
}

export interface RivalRelease {
  id: string;
  version: number;
  description: string;
  params: RivalParams;
}

export const RIVAL_RELEASES: readonly RivalRelease[] = [
  {
    id: "rival-eager",
    version: 1,
    description: "Wants it now: concedes early (e = 2), thinks fast, values the unit near the ask.",
    params: {
      e: 2,
      k: 0,
      openFraction: 0.55,
      valueOverAsk: [0.75, 1.05],
      thinkOverTick: [0.5, 0.9],
      arriveOverTick: [0.1, 0.6],
      passBelowAskShare: 0.5,
    },
  },
  {
    id: "rival-steady",
    version: 1,
    description: "Concedes at a steady pace (e = 1) at the agent's own speed.",
    params: {
      e: 1,
      k: 0,
      openFraction: 0.45,
      valueOverAsk: [0.6, 0.95],
      thinkOverTick: [0.8, 1.3],
      arriveOverTick: [0.2, 1.5],
      passBelowAskShare: 0.5,
    },
  },
  {
    id: "rival-patient",
    version: 1,
    description: "Holds out (Boulware, e = 0.3) and thinks slowly; buys late if at all.",
    params: {
      e: 0.3,
      k: 0,
      openFraction: 0.4,
      valueOverAsk: [0.55, 0.9],
      thinkOverTick: [1, 1.6],
      arriveOverTick: [0.5, 2.5],
      passBelowAskShare: 0.5,
    },
  },
];

export const rivalKey = (r: Pick<RivalRelease, "id" | "version">): string => `${r.id}@${r.version}`;

/** Hashes are pure functions of a release object, asked for on every reset: computed once each. */
function memoByRelease<T extends object>(f: (r: T) => string): (r: T) => string {
  const seen = new WeakMap<T, string>();
  return (r) => {
    let h = seen.get(r);
    if (h === undefined) {
      h = f(r);
      seen.set(r, h);
    }
    return h;
  };
}

export const rivalHash = memoByRelease((r: RivalRelease): string =>
  contentHash({ id: r.id, version: r.version, policy: "time-based", params: r.params }),
);

export function findRival(key: string): RivalRelease | undefined {
  return RIVAL_RELEASES.find((r) => rivalKey(r) === key);
}

/**
 * A field: the rivals a market task draws from per seed, how many, and how many units the
 * seller offers. Versioned and hashed like a rival (its hash covers its rivals' hashes).
 */
export interface FieldRelease {
  id: string;
  version: number;
  description: string;
  /** Rival keys ("id@version"); each seat draws one uniformly. */
  pool: readonly string[];
  /** Rivals per market (integers, inclusive). */
  rivals: readonly [number, number];
  /** Units the seller offers (integers, inclusive). */
  units: readonly [number, number];
  /** Virtual milliseconds between two of the agent's moves. */
  tickMs: number;
}

export const FIELD_RELEASES: readonly FieldRelease[] = [
  {
    id: "arena-field",
    version: 1,
    description: "Two to five rivals from the eager, steady and patient rivals; two to four units.",
    pool: ["rival-eager@1", "rival-steady@1", "rival-patient@1"],
    rivals: [2, 5],
    units: [2, 4],
    tickMs: 1_000,
  },
];

export const fieldKey = rivalKey;

export const fieldHash = memoByRelease((f: FieldRelease): string => {
  const rivals = f.pool.map((k) => {
    const r = findRival(k);
    if (r === undefined) throw new Error(`field ${fieldKey(f)} names unknown rival ${k}`);
    return { key: k, hash: rivalHash(r) };
  });
  return contentHash({ ...f, description: undefined, pool: rivals });
});

export function findField(key: string): FieldRelease | undefined {
  return FIELD_RELEASES.find((f) => fieldKey(f) === key);
}
