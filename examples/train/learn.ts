import { guardOffer } from "../../buyers/buyer-move";
import {
  DEFAULT_PARAMS,
  PARAM_BOUNDS,
  PARAM_KEYS,
  type ParamBuyerParams,
  paramMove,
  paramsFromVector,
} from "../../buyers/param-buyer";
import type { Action } from "../../env/action";
import type { Observation } from "../../env/observation";
import type { BatchClient, Policy } from "./batch-client";
import { type CemOptions, initCem, samplePopulation, updateCem } from "./cem";

/** The policy a parameter vector stands for: the parametric buyer's move, through the offer guard. */
export function policyFor(p: ParamBuyerParams): Policy {
  return (obs: Observation): Action => {
    const m = guardOffer(obs, paramMove(obs, p));
    return m.type === "offer" ? { type: "offer", price: m.price ?? 0 } : { type: m.type };
  };
}

export interface LearnOptions {
  generations: number;
  population: number;
  elite: number;
  /** Training seeds per generation, drawn as a rotating window over `trainPool` seeds. */
  seedsPerGeneration: number;
  trainPool: number;
  heldOut: readonly number[];
  seed: number;
  /** Initial spread of the search, as a share of each parameter's range (wide: tells and urgency start unused). */
  initialStdShare: number;
  /** Evaluate the mean parameters on the held-out seeds every this many generations (and after the last). */
  heldOutEvery: number;
  onGeneration?: (g: GenerationRow) => void;
}

export interface GenerationRow {
  generation: number;
  /** Mean shaped return per episode over the population's training episodes. */
  train_return: number;
  /** Same, over the elite. */
  elite_return: number;
  /** Held-out mean score of the current mean parameters (null between held-out checkpoints). */
  held_out_score: number | null;
}

export interface LearnResult {
  start_params: ParamBuyerParams;
  final_params: ParamBuyerParams;
  start_held_out: number;
  final_held_out: number;
  curve: GenerationRow[];
}

const mean = (xs: readonly number[]): number =>
  xs.length === 0 ? 0 : xs.reduce((a, b) => a + b, 0) / xs.length;
const r4 = (x: number): number => Math.round(x * 10_000) / 10_000;

async function heldOutScore(
  client: BatchClient,
  p: ParamBuyerParams,
  seeds: readonly number[],
): Promise<number> {
  const policy = policyFor(p);
  return mean((await client.play(seeds.map((seed) => ({ policy, seed })))).map((r) => r.score));
}

/**
 * Train the parametric buyer with CEM on training seeds, scoring candidates by the shaped
 * return the server hands out (v2's potential-based reward, whose return equals the grade),
 * and report the held-out score of the mean parameters after every generation.
 */
export async function learn(
  client: BatchClient,
  episodesPerRun: number,
  o: LearnOptions,
): Promise<LearnResult> {
  const cem: CemOptions = {
    population: o.population,
    elite: o.elite,
    lo: PARAM_KEYS.map((k) => PARAM_BOUNDS[k][0]),
    hi: PARAM_KEYS.map((k) => PARAM_BOUNDS[k][1]),
    minStdShare: 0.03,
    smoothing: 0.7,
    seed: o.seed,
  };
  let state = initCem(
    PARAM_KEYS.map((k) => DEFAULT_PARAMS[k]),
    o.initialStdShare,
    cem,
  );
  const start = await heldOutScore(client, DEFAULT_PARAMS, o.heldOut);
  const curve: GenerationRow[] = [];
  for (let g = 0; g < o.generations; g++) {
    const seeds = Array.from(
      { length: o.seedsPerGeneration },
      (_, i) => 1 + ((g * o.seedsPerGeneration + i) % o.trainPool),
    );
    const population = samplePopulation(state, cem);
    const jobs = population.flatMap((v) => {
      const policy = policyFor(paramsFromVector(v));
      return seeds.map((seed) => ({ policy, seed }));
    });
    const results = await client.play(jobs);
    const fitness = population.map((_, i) =>
      mean(results.slice(i * seeds.length, (i + 1) * seeds.length).map((r) => r.ret / episodesPerRun)),
    );
    const elite = [...fitness].sort((a, b) => b - a).slice(0, o.elite);
    state = updateCem(state, population, fitness, cem);
    const checkpoint = (g + 1) % o.heldOutEvery === 0 || g + 1 === o.generations;
    const row: GenerationRow = {
      generation: g + 1,
      train_return: r4(mean(fitness)),
      elite_return: r4(mean(elite)),
      held_out_score: checkpoint
        ? r4(await heldOutScore(client, paramsFromVector(state.mean), o.heldOut))
        : null,
    };
    curve.push(row);
    o.onGeneration?.(row);
  }
  const final = paramsFromVector(state.mean);
  return {
    start_params: DEFAULT_PARAMS,
    final_params: final,
    start_held_out: r4(start),
    final_held_out: curve.at(-1)?.held_out_score ?? r4(start),
    curve,
  };
}
