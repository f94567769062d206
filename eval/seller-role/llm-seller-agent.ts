import { type AgentSampling, askAgentModel } from "../../buyers/agent-model-call";
import { EVAL_SAMPLING } from "../../buyers/llm-buyer";
import type { ChatModel } from "../../env/chat-model";
import { formatMoney, round2 } from "../../env/money";
import type { SellerAction } from "../../env/seller-role/seller-action";
import type { SellerObservation } from "../../env/seller-role/seller-observation";
import { parseSellerReply } from "../../sellers/llm/seller-reply";
import type { SellerAgent } from "./seller-agent";
import {
  renderSellerAgentPromptV1,
  SELLER_AGENT_PROMPT_HASH,
  SELLER_AGENT_PROMPT_VERSION,
} from "./seller-agent-prompt-v1";

export type SellerAgentSampling = AgentSampling;
/** The buyer agents' eval sampling (REFERENCE §8.9), so both roles' models are run alike. */
export const SELLER_AGENT_SAMPLING: SellerAgentSampling = EVAL_SAMPLING;

export interface LlmSellerAgentOptions {
  model: ChatModel;
  sampling?: Partial<SellerAgentSampling>;
  timeoutMs?: number;
}

export const SELLER_FALLBACK_IN_WORDS =
  "hold the standing price: counter at its own last quote (a move that concedes nothing and decides nothing)";

/**
 * The defined move when a reply is unusable or the call failed: hold the standing price. It
 * never concedes, so a model that cannot answer is not flattered by a good default (the
 * parse-error rate, flagged above 20 %, says how often it played).
 */
export function sellerFallback(obs: SellerObservation): SellerAction {
  return {
    action_type: "counter",
    price: obs.own_last_quote,
    message: `My price stays ${formatQuote(obs.own_last_quote)}.`,
  };
}

const formatQuote = formatMoney;

/** A reply is usable when it names a move, and a counter names a finite positive price. */
function readMove(text: string): SellerAction | null {
  const parsed = parseSellerReply(text);
  if (parsed === null) return null;
  if (parsed.action !== "counter") return { action_type: parsed.action, message: parsed.message };
  if (parsed.price === null || !(parsed.price > 0)) return null;
  return { action_type: "counter", price: round2(parsed.price), message: parsed.message };
}

/**
 * A seller agent played by a language model through the same prompt-and-parse path style as
 * the LLM buyer agents: one prompt per decision (seller-agent-v1), a JSON reply read by the
 * LLM sellers' reply parser, and every failure (garbage, no JSON, a counter without a price,
 * a timeout or HTTP error) answered by the defined fallback and counted as a parse error. Its
 * moves then meet the environment's agent guard like any seller agent's.
 */
export function llmSellerAgent(o: LlmSellerAgentOptions): SellerAgent {
  const sampling: SellerAgentSampling = { ...SELLER_AGENT_SAMPLING, ...o.sampling };
  return {
    id: o.model.id,
    version: 1,
    hash: SELLER_AGENT_PROMPT_HASH,
    promptHash: `${SELLER_AGENT_PROMPT_VERSION}:${SELLER_AGENT_PROMPT_HASH}`,
    act: async (obs) => {
      const prompt = renderSellerAgentPromptV1(obs);
      const { text, usage, latencyMs, error } = await askAgentModel(o.model, prompt, sampling, o.timeoutMs);
      const move = error === undefined ? readMove(text) : null;
      return {
        action: move ?? sellerFallback(obs),
        parseError: move === null,
        usage,
        ...(latencyMs !== undefined ? { latencyMs } : {}),
        rawText: text,
        prompt,
        ...(error !== undefined ? { error } : {}),
      };
    },
  };
}
