import type { LlmConfig } from "../llm/config";
import { chatModelCache } from "../llm/model-cache";
import type { ResilienceDeps } from "../llm/resilient-chat-model";
import { type ResolvedSeller, resolveSellerSpec } from "./resolve-seller-spec";

/**
 * The server's seller resolver: rule releases from the registry, LLM sellers built on demand.
 * Each model spec gets one gated ChatModel for the life of the process, so its daily cap,
 * breaker and concurrency limit are shared by every session that plays against it.
 */
export function createSellerResolver(
  config: LlmConfig,
  deps: ResilienceDeps,
): (key: string) => ResolvedSeller {
  const chatModel = chatModelCache(config, deps);
  return (key) => resolveSellerSpec(key, { chatModel, timeoutMs: config.policy.timeoutMs });
}

/** Real clock for the resilience layer's daily counter and call records. */
export const realResilienceDeps: ResilienceDeps = {
  now: () => Date.now(),
};
