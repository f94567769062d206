import { type ResolvedBuyer, resolveBuyer } from "../../buyers/registry";
import type { SellerRef } from "../../env/seller-policy";
import type { BuyerRef } from "../../env/seller-role/buyer-ref";
import type { SellerAction } from "../../env/seller-role/seller-action";
import type { SellerObservation } from "../../env/seller-role/seller-observation";
import type { SellerRecord } from "../../env/seller-role/seller-record";
import {
  openSellerRun,
  type SellerRunState,
  type SellerStepResult,
  stepSellerRun,
} from "../../tasks/seller-role/seller-run";
import { requireSellerTask } from "../../tasks/seller-role/seller-tasks";
import type { LoopStep } from "../harness/episode-loop";

/**
 * The seller-role environment as the seller eval sees it — one shape in-process
 * (openSellerRun/stepSellerRun) and over HTTP (src/cli/eval/seller-http-client.ts), the mirror
 * of eval/harness/eval-env.ts.
 */
export interface SellerEvalResetRequest {
  /** "id@version". */
  task: string;
  seed: number;
  episodeId: string;
  /** "id@version"; the task's pinned buyer when omitted. */
  buyer?: string;
  tells: boolean;
}

export interface SellerEvalReset {
  observation: SellerObservation;
  buyer: BuyerRef;
  personaSeller: SellerRef;
  /** "id@version", as the environment resolved it. */
  task: string;
  engineVersion: string;
  sellerRoleVersion: string;
  buyerFallback: boolean;
  /** A buyer may take the ask at once: then the episode is over on reset, with this record. */
  done: boolean;
  record: SellerRecord | null;
}

export interface SellerEvalStep extends LoopStep<SellerObservation, SellerRecord> {
  reward: number;
  info: { episode_result?: SellerRecord; buyer_fallback: boolean; violations: string[] };
}

export interface SellerEvalSession {
  reset(req: SellerEvalResetRequest): Promise<SellerEvalReset>;
  step(action: SellerAction): Promise<SellerEvalStep>;
  close(): Promise<void>;
}

export type SellerEvalSessionFactory = () => SellerEvalSession;

/** A seller step, in-process or off the wire, as the loop reads it: a finished deal's record is its result. */
export function sellerEvalStep(r: {
  observation: SellerObservation;
  reward: number;
  done: boolean;
  info: Pick<SellerStepResult["info"], "seller_result" | "buyer_fallback" | "violations">;
}): SellerEvalStep {
  return {
    observation: r.observation,
    reward: r.reward,
    done: r.done,
    info: {
      ...(r.info.seller_result === undefined ? {} : { episode_result: r.info.seller_result }),
      buyer_fallback: r.info.buyer_fallback,
      violations: r.info.violations,
    },
  };
}

/**
 * Seller-role episodes played directly on the engine: the default transport and the reference
 * for --server. `buyers` turns keys into releases (the shell passes one that builds LLM buyers).
 */
export function inProcessSellerSessions(
  buyers: (key: string) => ResolvedBuyer = resolveBuyer,
): SellerEvalSessionFactory {
  return () => {
    let run: SellerRunState | null = null;
    return {
      reset: async (req) => {
        const opened = await openSellerRun(req.task, {
          seed: req.seed,
          episodeId: req.episodeId,
          buyer: buyers(req.buyer ?? requireSellerTask(req.task).buyer),
          enableTells: req.tells,
        });
        run = opened.run;
        return {
          observation: opened.result.observation,
          buyer: opened.result.info.buyer,
          personaSeller: opened.result.info.persona_seller,
          task: opened.result.info.task,
          engineVersion: opened.result.info.engine_version,
          sellerRoleVersion: opened.result.info.seller_role_version,
          buyerFallback: opened.result.info.buyer_fallback,
          done: opened.result.done,
          record: opened.result.info.seller_result ?? null,
        };
      },
      step: async (action) => {
        if (run === null) throw new Error("step before reset");
        return sellerEvalStep(await stepSellerRun(run, action));
      },
      close: async () => {
        run = null;
      },
    };
  };
}
