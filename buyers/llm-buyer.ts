import type { Action } from "../env/action";
import type { ChatModel } from "../env/chat-model";
import type { Observation } from "../env/observation";
import { type AgentSampling, askAgentModel } from "./agent-model-call";
import { buyerLine, guardOffer } from "./buyer-move";
import { type BuyerContext, type BuyerPolicy, currentAsk } from "./buyer-policy";
import { parseBuyerReply } from "./parse-buyer-reply";
import { BUYER_PROMPT_HASH, BUYER_PROMPT_VERSION, renderBuyerPromptV1 } from "./prompts/buyer-v1";
import { type BuyerDecision, mentionsPrice, steer } from "./steering";

/** Eval generation parameters (REFERENCE §8.9). */
export type BuyerSampling = AgentSampling;
export const EVAL_SAMPLING: BuyerSampling = { temperature: 0.7, topP: 0.9, maxTokens: 64 };

export interface LlmBuyerOptions {
  model: ChatModel;
  sampling?: Partial<BuyerSampling>;
  /** Pass the move through Bayesian tell steering (REFERENCE §8.3). */
  steering?: boolean;
  timeoutMs?: number;
  /** Overrides the id (defaults to the model id, plus "+steer"). */
  id?: string;
}

/**
 * A buyer played by a language model. Every failure mode ends in a legal move: an
 * unusable reply or a failed call plays the defined fallback offer and is counted as a
 * parse error; the offer guard (never retreat, never above budget, accept when the offer
 * reaches the ask) always applies; and whenever the final price differs from what the
 * model wrote, the line is re-rendered so words and price agree.
 */
export function llmBuyer(o: LlmBuyerOptions): BuyerPolicy {
  const sampling: BuyerSampling = { ...EVAL_SAMPLING, ...o.sampling };
  const id = o.id ?? `${o.model.id}${o.steering ? "+steer" : ""}`;
  return {
    id,
    promptHash: `${BUYER_PROMPT_VERSION}:${BUYER_PROMPT_HASH}`,
    act: async (obs, ctx) => {
      const prompt = renderBuyerPromptV1(obs);
      const { text, usage, latencyMs, error } = await askAgentModel(o.model, prompt, sampling, o.timeoutMs);
      const parsed = parseBuyerReply(text, obs);
      const action = finalise(obs, ctx, parsed.action, o.steering === true);
      return {
        action,
        parseError: parsed.parseError,
        usage,
        ...(latencyMs !== undefined ? { latencyMs } : {}),
        rawText: text,
        prompt,
        ...(error !== undefined ? { error } : {}),
      };
    },
  };
}

function finalise(obs: Observation, ctx: BuyerContext, proposed: Action, steering: boolean): Action {
  const render = (d: BuyerDecision): string => buyerLine(obs, ctx, d);
  let d: BuyerDecision = {
    type: proposed.type,
    price: proposed.type === "offer" ? (proposed.price ?? null) : null,
    message: proposed.message ?? "",
  };
  if (steering) d = steer(obs, d, render);
  const guarded = guardOffer(obs, d);
  const price = guarded.type === "offer" ? (guarded.price as number) : null;
  const moved = guarded.type !== d.type || price !== d.price;
  const quoted = price ?? (guarded.type === "accept" ? currentAsk(obs) : null);
  const honest =
    d.message.trim() !== "" && (quoted === null || !/\d/.test(d.message) || mentionsPrice(d.message, quoted));
  const message = !moved && honest ? d.message : render({ type: guarded.type, price, message: "" });
  return guarded.type === "offer" ? { type: "offer", price, message } : { type: guarded.type, message };
}
