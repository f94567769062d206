import type { ListingAction } from "../listing/listing-market";
import type { PassReason } from "../participation";
import type { ListingAgentView, RequestAgentView } from "../views";

/**
 * Agents as policies over their own views: an agent only ever reads what `viewFor` gives it,
 * exactly what a remote agent will receive from the shell. Scripted agents live here; model
 * agents plug in through the same interfaces (their `move`/`work` may call a ChatModel).
 */
export type Choice = { engage: true } | { engage: false; reason: PassReason };

export interface ActContext {
  seed: number;
  /** 1-based index of the market in the run: stochastic agents key their draws on it. */
  market: number;
  step: number;
}

/** A buyer in listing markets. `value` is what one unit is worth to it (private, rupees). */
export interface ListingBuyerAgent {
  readonly role: "listing_buyer";
  readonly id: string;
  readonly policy: string;
  decide(view: ListingAgentView, value: number): Choice;
  move(view: ListingAgentView, value: number, ctx: ActContext): Promise<ListingAction>;
}

/** One piece of work: the quote, the pitch, and what producing it cost the agent (paise). */
export interface Work {
  price: number;
  pitch: string;
  cost: number;
}

/** A seller agent in request markets. */
export interface RequestSellerAgent {
  readonly role: "request_seller";
  readonly id: string;
  readonly policy: string;
  /** Virtual ms from opening (or from feedback) until its work is ready. */
  readonly speedMs: number;
  decide(view: RequestAgentView, ctx: ActContext): Choice;
  /** First submission, or a revision after feedback; null to stop. */
  work(view: RequestAgentView, ctx: ActContext): Work | null;
  /** Called with the agent's final view of a market it engaged in, for policies that learn. */
  learn(view: RequestAgentView): void;
}

export type MarketAgent = ListingBuyerAgent | RequestSellerAgent;
