import { BOOTSTRAP_RESAMPLES, CI_LEVEL, mean } from "../env/bootstrap";
import { Rng } from "../env/prng";

/**
 * Ratings of agents across markets: Bradley–Terry strengths fitted to pairwise outcomes
 * (in each market, each winner beat each agent that engaged and did not win), with percentile
 * bootstrap CIs from resampling whole markets (outcomes inside a market are not independent).
 * Ratings are on a log scale centred at 0; e^(ri − rj) is the odds that i beats j.
 */
export interface PairOutcome {
  market_id: string;
  winner: string;
  loser: string;
}

/** Weight of the virtual draw every agent plays against an average opponent: keeps unbeaten agents finite. */
export const PRIOR_GAMES = 1;
const ITERATIONS = 200;
const TOLERANCE = 1e-9;

/** Bradley–Terry by minorisation–maximisation (Hunter 2004) on a win-count matrix. */
export function bradleyTerry(pairs: readonly PairOutcome[], agents: readonly string[]): Map<string, number> {
  const n = agents.length;
  const index = new Map(agents.map((a, i) => [a, i]));
  const wins = new Float64Array(n * n);
  for (const p of pairs) {
    const w = index.get(p.winner);
    const l = index.get(p.loser);
    if (w !== undefined && l !== undefined) wins[w * n + l]! += 1;
  }
  return fitMatrix(wins, n, agents);
}

function fitMatrix(wins: Float64Array, n: number, agents: readonly string[]): Map<string, number> {
  // Strengths p_i > 0; the prior is PRIOR_GAMES/2 wins and losses against a virtual agent of strength 1.
  let p = new Float64Array(n).fill(1);
  const totalWins = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    let w = PRIOR_GAMES / 2;
    for (let j = 0; j < n; j++) w += wins[i * n + j]!;
    totalWins[i] = w;
  }
  for (let it = 0; it < ITERATIONS; it++) {
    const next = new Float64Array(n);
    let change = 0;
    for (let i = 0; i < n; i++) {
      let denom = PRIOR_GAMES / (p[i]! + 1);
      for (let j = 0; j < n; j++) {
        const games = wins[i * n + j]! + wins[j * n + i]!;
        if (games > 0) denom += games / (p[i]! + p[j]!);
      }
      next[i] = totalWins[i]! / denom;
      change = Math.max(change, Math.abs(Math.log(next[i]!) - Math.log(p[i]!)));
    }
    p = next;
    if (change < TOLERANCE) break;
  }
  const logs = Array.from(p, (x) => Math.log(x));
  const centre = mean(logs);
  return new Map(agents.map((a, i) => [a, logs[i]! - centre]));
}

export interface Rating {
  agent: string;
  rating: number;
  ci: [number, number];
  games: number;
}

export interface RatingOptions {
  seed: number;
  resamples?: number;
  level?: number;
}

/** Ratings with bootstrap CIs; markets are resampled with replacement with the project's seeded generator. */
export function rateAgents(
  pairs: readonly PairOutcome[],
  agents: readonly string[],
  o: RatingOptions,
): Rating[] {
  const point = bradleyTerry(pairs, agents);
  const games = new Map(agents.map((a) => [a, 0]));
  for (const p of pairs) {
    games.set(p.winner, (games.get(p.winner) ?? 0) + 1);
    games.set(p.loser, (games.get(p.loser) ?? 0) + 1);
  }
  const byMarket = new Map<string, PairOutcome[]>();
  for (const p of pairs) {
    const list = byMarket.get(p.market_id);
    if (list === undefined) byMarket.set(p.market_id, [p]);
    else list.push(p);
  }
  const markets = [...byMarket.values()];
  const resamples = o.resamples ?? BOOTSTRAP_RESAMPLES;
  const level = o.level ?? CI_LEVEL;
  const samples = agents.map(() => new Float64Array(resamples));
  const rng = new Rng(o.seed);
  const n = agents.length;
  const index = new Map(agents.map((a, i) => [a, i]));
  for (let r = 0; r < resamples; r++) {
    const wins = new Float64Array(n * n);
    for (let k = 0; k < markets.length; k++) {
      for (const p of markets[rng.int(markets.length)]!) {
        const w = index.get(p.winner);
        const l = index.get(p.loser);
        if (w !== undefined && l !== undefined) wins[w * n + l]! += 1;
      }
    }
    const fit = markets.length === 0 ? point : fitMatrix(wins, n, agents);
    agents.forEach((a, i) => {
      samples[i]![r] = fit.get(a)!;
    });
  }
  const alpha = (1 - level) / 2;
  return agents.map((a, i) => {
    const s = samples[i]!.sort();
    const at = (q: number) => s[Math.min(resamples - 1, Math.max(0, Math.floor(q * resamples)))]!;
    return { agent: a, rating: point.get(a)!, ci: [at(alpha), at(1 - alpha)], games: games.get(a) ?? 0 };
  });
}

/**
 * The Pareto frontier of (deal rate, mean surplus), both to maximise: the agents no other
 * agent beats on one axis without losing on the other. Sorted by deal rate.
 */
export interface FrontierPoint {
  agent: string;
  deal_rate: number;
  mean_surplus: number;
}

export function paretoFrontier<T extends FrontierPoint>(points: readonly T[]): T[] {
  return paretoFrontierBy<FrontierPoint>(points, "deal_rate", "mean_surplus") as T[];
}

type NumericKey<T> = { [K in keyof T]: T[K] extends number ? K : never }[keyof T];

/** The Pareto frontier of any two numeric fields, both to maximise, sorted by the first. */
export function paretoFrontierBy<T extends { agent: string }>(
  points: readonly T[],
  x: NumericKey<T>,
  y: NumericKey<T>,
): T[] {
  const X = (p: T) => p[x] as number;
  const Y = (p: T) => p[y] as number;
  const dominated = (a: T, b: T) => X(b) >= X(a) && Y(b) >= Y(a) && (X(b) > X(a) || Y(b) > Y(a));
  return points
    .filter((a) => !points.some((b) => dominated(a, b)))
    .sort((p, q) => X(p) - X(q) || p.agent.localeCompare(q.agent));
}
