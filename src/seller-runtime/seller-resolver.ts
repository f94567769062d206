import type { ChatModel } from "../../env/chat-model";
import { chatModelFromSpec } from "../llm/chat-model-from-spec";
import type { LlmConfig } from "../llm/config";
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
  const chatModel = modelCache(config, deps);
  return (key) => resolveSellerSpec(key, { chatModel, timeoutMs: config.policy.timeoutMs });
}

/** One gated ChatModel per model spec, built on first use and shared from then on. */
export function modelCache(config: LlmConfig, deps: ResilienceDeps): (spec: string) => ChatModel {
  const models = new Map<string, ChatModel>();
  return (spec) => {
    let model = models.get(spec);
    if (model === undefined) {
      model = chatModelFromSpec(spec, { config, deps });
      models.set(spec, model);
    }
    return model;
  };
}

/** Real clock for the resilience layer's daily counter and call records. */
export const realResilienceDeps: ResilienceDeps = {
  now: () => Date.now(),
};
