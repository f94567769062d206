import type { UnitResult } from "../harness/unit-result";
import { unitSurplus } from "../metrics/eval-summary";

export interface Sample {
  seed: number;
  episode: number;
  /** How it was chosen, said on the page. */
  why: string;
}

const mean = (xs: readonly number[]): number =>
  xs.length === 0 ? 0 : xs.reduce((a, b) => a + b, 0) / xs.length;

/** The middle item by score (the lower middle for an even count); ties go to the smaller key. */
function median<T extends number>(keys: readonly T[], score: (k: T) => number): T | undefined {
  const sorted = [...keys].sort((a, b) => score(a) - score(b) || a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)];
}

/**
 * Which episode of a task the report draws for every buyer: the same seed for all of them (so
 * they face the same item and seller), by default the seed whose surplus, averaged over the
 * buyers, is the median — a typical case, not whatever seed 1 happened to be. In a career the
 * episode is chosen the same way. `chosenSeed` (report --sample-seed) overrides the seed.
 */
export function pickSample(
  task: string,
  buyers: readonly string[],
  units: readonly UnitResult[],
  chosenSeed?: number,
): Sample | null {
  const mine = units.filter((u) => u.task_id === task && buyers.includes(u.buyer_id));
  const bySeed = new Map<number, UnitResult[]>();
  for (const u of mine) bySeed.set(u.seed, [...(bySeed.get(u.seed) ?? []), u]);
  const wanted = new Set(buyers.filter((b) => mine.some((u) => u.buyer_id === b)));
  const complete = [...bySeed.keys()].filter((s) => (bySeed.get(s) ?? []).length === wanted.size);
  if (complete.length === 0) return null;
  const chosen = chosenSeed !== undefined && complete.includes(chosenSeed);
  const seed = chosen
    ? (chosenSeed as number)
    : (median(complete, (s) => mean((bySeed.get(s) ?? []).map(unitSurplus))) as number);
  const runs = bySeed.get(seed) ?? [];
  const episodes = [...new Set(runs.flatMap((u) => u.records.map((r) => r.episode)))].filter((e) =>
    runs.every((u) => u.records.some((r) => r.episode === e)),
  );
  const surplusOf = (e: number) =>
    mean(runs.map((u) => u.records.find((r) => r.episode === e)?.normalized_surplus ?? 0));
  const episode = median(episodes, surplusOf) ?? 1;
  const career = episodes.length > 1 ? `, episode ${episode} of ${episodes.length} (the median one)` : "";
  const why = chosen
    ? `seed ${seed}, chosen with --sample-seed${career}`
    : `seed ${seed}, the median of ${complete.length} seeds by mean surplus over the buyers${career}`;
  return { seed, episode, why };
}
