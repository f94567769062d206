import type { ChatModel } from "../../env/chat-model";
import { llmSellerAgent, type SellerAgentSampling } from "./llm-seller-agent";
import { type SellerAgent, scriptedSeller, sellerAgentKey } from "./seller-agent";

export const CODE_SELLER_AGENT_SPECS: readonly string[] = ["scripted", sellerAgentKey(scriptedSeller)];
export const MODEL_SELLER_AGENT_FORMS: readonly string[] = ["ollama:<tag>", "hf:<org/model or endpoint URL>"];

export class UnknownSellerAgentError extends Error {
  constructor(readonly requested: string) {
    super(
      `Unknown seller agent "${requested}". Available: ${[...CODE_SELLER_AGENT_SPECS, ...MODEL_SELLER_AGENT_FORMS].join(", ")}.`,
    );
    this.name = "UnknownSellerAgentError";
  }
}

export interface SellerAgentDeps {
  /** Builds the model an "ollama:<tag>" / "hf:<model>" spec names; only the shell can. */
  chatModel?: (spec: string) => ChatModel;
  sampling?: Partial<SellerAgentSampling>;
  timeoutMs?: number;
}

/** A seller agent from its command-line spec: the scripted agent, or a model on a backend. */
export function sellerAgentFromSpec(spec: string, deps: SellerAgentDeps = {}): SellerAgent {
  const s = spec.trim();
  if (CODE_SELLER_AGENT_SPECS.includes(s)) return scriptedSeller;
  if (/^(ollama|hf):.+/.test(s)) {
    if (deps.chatModel === undefined) throw new UnknownSellerAgentError(`${s} (no model backend here)`);
    return llmSellerAgent({
      model: deps.chatModel(s),
      ...(deps.sampling ? { sampling: deps.sampling } : {}),
      ...(deps.timeoutMs !== undefined ? { timeoutMs: deps.timeoutMs } : {}),
    });
  }
  throw new UnknownSellerAgentError(s);
}
