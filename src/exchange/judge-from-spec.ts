import { codeJudge, type Judge } from "../../markets/request/judge";
import { modelJudge } from "../../markets/request/model-judge";
import { chatModelFromSpec } from "../llm/chat-model-from-spec";
import type { LlmConfig } from "../llm/config";
import type { ResilienceDeps } from "../llm/resilient-chat-model";

/**
 * The live exchange's judge from `--judge`: `code` (the default, markets/request/judge.ts) or a
 * model spec (`ollama:<tag>`, `hf:<org/model>`, `hf:<https URL>`) behind the same `Judge`
 * interface, built once so its breaker, daily cap and concurrency gate are shared by every
 * market. The model sees the request and the pitch only (judgeInputFor): never the agent or
 * its price. A bad spec throws at startup with the accepted forms.
 */
export function judgeFromSpec(spec: string, llm: LlmConfig, deps: ResilienceDeps): Judge {
  if (spec.trim() === "code") return codeJudge;
  // The model call keeps the LLM settings' deadline (BAZAAR_LLM_TIMEOUT_MS); --judge-timeout-ms
  // bounds the whole verdict in the exchange.
  return modelJudge(chatModelFromSpec(spec, { config: llm, deps }));
}
