import type { ChatModel } from "../../env/chat-model";
import type { SellerPolicy } from "../../env/seller-policy";
import { createLlmSeller, type LlmSeller } from "../../sellers/llm/llm-seller";
import { parseLlmSellerKey } from "../../sellers/llm/llm-seller-key";
import {
  availableSellerKeys,
  LATEST_LLM_VERSION,
  llmTemplate,
  resolveSeller,
  UnknownSellerError,
} from "../../sellers/registry";

export interface SellerSpecDeps {
  /** Builds (or returns the shared) gated chat model for "ollama:<tag>" / "hf:<model|url>". */
  chatModel(spec: string): ChatModel;
  /** Per-call deadline for LLM seller turns. */
  timeoutMs?: number;
}

export interface ResolvedSeller {
  policy: SellerPolicy;
  /** Present for LLM sellers: call before stepRun and pass the result as its external turn. */
  propose?: LlmSeller["propose"];
}

/**
 * Any seller key to what the session needs: a rule release ("boulware@1", "bazaar-default")
 * or an LLM seller ("llm-ollama:gemma3:4b@1", "llm-hf:org/model#firm@1"). Unknown ids,
 * versions and personas throw UnknownSellerError listing what exists (a 400 at the edge).
 */
export function resolveSellerSpec(key: string, deps: SellerSpecDeps): ResolvedSeller {
  const parsed = parseLlmSellerKey(key);
  if (parsed === null) return { policy: resolveSeller(key) };
  if (!parsed.ok) throw new UnknownSellerError(`${key} (${parsed.reason})`, availableSellerKeys());
  const version = parsed.key.version ?? LATEST_LLM_VERSION;
  try {
    llmTemplate(version);
  } catch {
    throw new UnknownSellerError(key, availableSellerKeys());
  }
  const chat = deps.chatModel(parsed.key.modelSpec);
  const seller = createLlmSeller(chat, {
    persona: parsed.key.persona,
    templateVersion: version,
    timeoutMs: deps.timeoutMs,
  });
  return { policy: seller.policy, propose: seller.propose };
}
