import type { Action } from "../env/action";
import type { ExternalSellerTurn } from "../env/episode-step";
import { type RunState, type StepResult, stepRun } from "../env/run";
import type { SellerPolicy } from "../env/seller-policy";
import type { LlmProposeInput } from "./llm/llm-seller";
import { proposeInputFor } from "./llm/propose-input";

/** Asks an asynchronous seller (an LLM) for its turn; its own failures fall back inside, it never rejects. */
export type SellerProposer = (input: LlmProposeInput, signal?: AbortSignal) => Promise<ExternalSellerTurn>;

/** A seller as every player of episodes holds it: the engine's rule policy, plus a proposer for LLM sellers. */
export interface PlayableSeller {
  policy: SellerPolicy;
  /** Present for LLM sellers: asked before each step the seller answers. */
  propose?: SellerProposer;
}

/**
 * One buyer move against a seller, the one adapter the server, the eval harness and the CLI
 * use: an LLM seller proposes first (only when the engine will ask it: a buyer offer in a live
 * episode), then the engine steps with that proposal through the rules guard. Rule sellers, and
 * moves the seller does not answer, step directly. `signal` bounds the proposal; given as a
 * function it is made only when a proposal is actually asked for (a timeout starts a timer).
 */
export async function stepWithSeller(
  run: RunState,
  action: Action,
  seller: { readonly propose?: SellerProposer | null } | null | undefined,
  signal?: AbortSignal | (() => AbortSignal),
): Promise<StepResult> {
  const propose = seller?.propose;
  const input = propose ? proposeInputFor(run, action) : null;
  if (input === null || !propose) return stepRun(run, action);
  const external = await propose(input, typeof signal === "function" ? signal() : signal);
  return stepRun(run, action, external);
}
