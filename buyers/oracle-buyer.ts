import type { BuyerPolicy } from "./buyer-policy";

/**
 * The ceiling of a task: a buyer that knows the hidden state and plays a best response.
 * For each seed it tries every candidate on a perfect model of that seed (same task, seller and
 * draws — `simulate` returns the grade each episode of the run would get) and, episode by
 * episode, plays the candidate that did best there (a career's episodes are independent draws,
 * so the best plan differs between them). Its candidates are the scripted buyers plus strategies
 * told the seller's true floor, so per episode it is never below any scripted buyer it was given.
 */
export interface OracleDeps {
  /** Candidate strategies for one seed (they may close over that seed's hidden state). */
  candidates(seed: number): readonly BuyerPolicy[];
  /** Per-episode grades of playing `buyer` on `seed` from the start. */
  simulate(buyer: BuyerPolicy, seed: number): Promise<readonly number[]>;
}

export function oracleBuyer(deps: OracleDeps, id = "oracle"): BuyerPolicy {
  const plans = new Map<number, BuyerPolicy[]>();
  async function planFor(seed: number): Promise<BuyerPolicy[]> {
    const best: BuyerPolicy[] = [];
    const bestScore: number[] = [];
    for (const c of deps.candidates(seed)) {
      const grades = await deps.simulate(c, seed);
      grades.forEach((g, k) => {
        if (best[k] === undefined || g > (bestScore[k] as number)) {
          best[k] = c;
          bestScore[k] = g;
        }
      });
    }
    if (best.length === 0) throw new Error("oracle has no candidates");
    return best;
  }
  return {
    id,
    promptHash: null,
    act: async (obs, ctx) => {
      let plan = ctx.step === 0 ? undefined : plans.get(ctx.seed);
      if (plan === undefined) {
        plan = await planFor(ctx.seed);
        plans.set(ctx.seed, plan);
      }
      const pick = plan[obs.episode_number - 1] ?? (plan[plan.length - 1] as BuyerPolicy);
      return pick.act(obs, ctx);
    },
  };
}
