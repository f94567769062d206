import type { Action } from "../env/action";
import type { ChatMessage, ChatUsage } from "../env/chat-model";
import type { Observation } from "../env/observation";

/** Where in a run a decision happens: stochastic buyers key their draws on it. */
export interface BuyerContext {
  seed: number;
  /** Episode number within the run (careers: 1..N). */
  episode: number;
  /** Decision index within the whole run, 0-based. */
  step: number;
}

/** One buyer decision plus what it cost and how it was produced. */
export interface BuyerAct {
  action: Action;
  /** The model's reply could not be used as-is and the defined fallback was played. */
  parseError: boolean;
  usage?: ChatUsage | null;
  latencyMs?: number;
  /** The model's raw completion (LLM buyers) or the canonical JSON of the move (rule buyers). */
  rawText?: string;
  /** The exact prompt the decision was made from, for preference pairs. */
  prompt?: ChatMessage[];
  /** Why the model call failed (timeout, HTTP error), when it did. */
  error?: string;
}

export interface BuyerPolicy {
  /** Stable name, e.g. "rule:smart" or "ollama:llama3.2:3b". */
  readonly id: string;
  /** Hash of the prompt template for LLM buyers, null for code buyers. */
  readonly promptHash: string | null;
  act(obs: Observation, ctx: BuyerContext): Promise<BuyerAct>;
}

/** The seller's standing ask: its last quote, or the opening ask before any counter. */
export const currentAsk = (obs: Observation): number => obs.opponent_last_offer ?? obs.seller_asking_price;

/** Canonical JSON of a move in the buyer's output schema (REFERENCE §8.1). */
export function actionJson(a: Action): string {
  return JSON.stringify({
    action: a.type,
    price: a.type === "offer" ? (a.price ?? null) : null,
    message: a.message ?? "",
  });
}
