import type { EpisodeState } from "../episode-state";
import { type EpisodeRuntime, sellerAnswer } from "../episode-step";
import { round4 } from "../money";
import type { GuardIntervention } from "../rules-guard";
import type { SellerAction } from "./seller-action";
import { INVALID_MOVE_PENALTY } from "./seller-economics";

/** Corrections that mean the agent's move was malformed (charged), not merely re-read. */
const INVALID_RULES: ReadonlySet<string> = new Set(["counter_not_a_number", "counter_above_last_quote"]);

export interface SellerAgentEffects {
  guard: GuardIntervention[];
  violations: string[];
  /** The step's penalty for malformed moves (≤ 0). */
  penalty: number;
}

/**
 * The seller agent answers the buyer offer waiting in `s` (seller role). The move goes through
 * the engine's own seller half-step with source "agent", so the same events, tells and deal
 * rules apply; only the agent guard (never the reservation rules) corrects it.
 */
export function sellerAgentStep(s: EpisodeState, a: SellerAction, rt: EpisodeRuntime): SellerAgentEffects {
  const price = a.action_type === "counter" ? (a.price ?? null) : null;
  sellerAnswer(s, rt, { action: a.action_type, price, message: a.message ?? "", source: "agent" });
  const guard = s.last.guard;
  const violations = guard.filter((g) => INVALID_RULES.has(g.rule)).map((g) => g.rule);
  return { guard, violations, penalty: round4(-INVALID_MOVE_PENALTY * violations.length) };
}
