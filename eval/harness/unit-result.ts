import type { DealRecord } from "../../env/records";
import type { SellerRef } from "../../env/seller-policy";

/** One buyer decision and the seller's answer, as stored in eval_steps and shown in reports. */
export interface StepRow {
  idx: number;
  episode: number;
  /** Round of the buyer's move (1-based). */
  round: number;
  /** The seller's standing ask when the buyer decided. */
  ask_before: number;
  buyer_action: "offer" | "accept" | "walk";
  buyer_price: number | null;
  buyer_message: string;
  parse_error: boolean;
  error: string | null;
  /** The seller's quote after the move (its counter, or the last quote at the end). */
  seller_price: number | null;
  seller_message: string | null;
  reward: number;
  /** Null where the transport keeps the guard's records server-side (an eval over HTTP). */
  guard_interventions: number | null;
  violations: string[];
  prompt_tokens: number | null;
  completion_tokens: number | null;
  latency_ms: number | null;
}

/** Everything measured for one (buyer, task, seed): a whole career for multi-episode tasks. */
export interface UnitResult {
  run_id: string;
  buyer_id: string;
  buyer_prompt_hash: string | null;
  task_id: string;
  task_version: string;
  seed: number;
  seller: SellerRef;
  /** "id@version". */
  seller_key: string;
  engine_version: string;
  git_commit: string;
  tells: boolean;
  transport: "in-process" | "http";
  records: DealRecord[];
  /** Who ended each non-deal record by walking (null for deals and expiries). */
  walked_by: Array<"buyer" | "seller" | null>;
  score: number;
  success: boolean;
  episodes_completed: number;
  total_episodes: number;
  decisions: number;
  parse_errors: number;
  /** Null when any step's count was unavailable (an eval over HTTP). */
  guard_interventions: number | null;
  /** Model usage; null for code buyers. */
  tokens: { prompt: number; completion: number } | null;
  latency_ms: number | null;
  steps: StepRow[];
}

export const unitKey = (u: { buyer_id: string; task_id: string; seed: number }): string =>
  `${u.buyer_id}\u0000${u.task_id}\u0000${u.seed}`;
