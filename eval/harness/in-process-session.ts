import type { Action } from "../../env/action";
import { ENGINE_VERSION } from "../../env/engine-version";
import { observe } from "../../env/observe";
import { type RunState, scoreRun } from "../../env/run";
import { resolveSeller } from "../../sellers/registry";
import { type PlayableSeller, stepWithSeller } from "../../sellers/step-with-seller";
import type { Listing } from "../../tasks/listings/listing";
import { openRun } from "../../tasks/open-run";
import type { EvalSession, EvalSessionFactory } from "./eval-env";

/** A seller for in-process play: a rule policy, plus an async proposer for LLM sellers. */
export type EvalSeller = PlayableSeller;
export type EvalSellerResolver = (key: string) => EvalSeller;

const ruleOnly: EvalSellerResolver = (key) => ({ policy: resolveSeller(key) });

/**
 * Episodes played directly on the engine: the default transport and the reference for --server
 * mode. The resolver turns `--seller` keys into sellers; the shell passes one that also builds
 * LLM sellers, whose proposals go through the engine's rules guard exactly as on the server.
 * `listings` replaces the built-in product catalog for listing-based tasks.
 */
export function inProcessSessionsWith(
  resolve: EvalSellerResolver = ruleOnly,
  listings?: readonly Listing[],
): EvalSessionFactory {
  return (): EvalSession => {
    let run: RunState | null = null;
    let seller: EvalSeller | null = null;
    const live = (): RunState => {
      if (run === null) throw new Error("step before reset");
      return run;
    };
    const step = (action: Action) => stepWithSeller(live(), action, seller);
    return {
      reset: async (req) => {
        seller = req.seller === undefined ? null : resolve(req.seller);
        const r = openRun(req.taskId, {
          seed: req.seed,
          episodeId: req.episodeId,
          enableTells: req.tells,
          listings,
          ...(seller !== null ? { seller: seller.policy } : {}),
        });
        run = r;
        return {
          observation: observe(r.episode),
          seller: r.episode.seller,
          taskVersion: r.plan.taskVersion,
          engineVersion: ENGINE_VERSION,
          totalEpisodes: r.plan.totalEpisodes,
        };
      },
      step,
      score: async () => scoreRun(live()),
      close: async () => {
        run = null;
      },
    };
  };
}

export const inProcessSessions: EvalSessionFactory = inProcessSessionsWith();
