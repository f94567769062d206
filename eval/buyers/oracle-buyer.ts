import type { BuyerPolicy } from "./buyer-policy";

/**
 * The ceiling of a task: a buyer that knows the hidden state and plays a best response.
 * For each seed it tries every candidate on a perfect model of that seed (same task, seller and
 * draws — `simulate` returns the score a candidate would get) and plays the best one. Its
 * candidates are the scripted buyers plus strategies that are told the seller's true floor,
 * so per seed it is never below any scripted buyer it was given.
 */
export interface OracleDeps {
  /** Candidate strategies for one seed (they may close over that seed's hidden state). */
  candidates(seed: number): readonly BuyerPolicy[];
  /** Score of playing `buyer` on `seed` from the start. */
  simulate(buyer: BuyerPolicy, seed: number): Promise<number>;
}

export function oracleBuyer(deps: OracleDeps, id = "oracle"): BuyerPolicy {
  const chosen = new Map<number, BuyerPolicy>();
  async function bestFor(seed: number): Promise<BuyerPolicy> {
    let best: BuyerPolicy | null = null;
    let bestScore = Number.NEGATIVE_INFINITY;
    for (const c of deps.candidates(seed)) {
      const score = await deps.simulate(c, seed);
      if (score > bestScore) {
        best = c;
        bestScore = score;
      }
    }
    if (best === null) throw new Error("oracle has no candidates");
    return best;
  }
  return {
    id,
    promptHash: null,
    act: async (obs, ctx) => {
      let pick = ctx.step === 0 ? undefined : chosen.get(ctx.seed);
      if (pick === undefined) {
        pick = await bestFor(ctx.seed);
        chosen.set(ctx.seed, pick);
      }
      return pick.act(obs, ctx);
    },
  };
}
