import { type ResolvedBuyer, resolveBuyer, UnknownBuyerReleaseError } from "../../buyers/registry";
import type { LlmConfig } from "../llm/config";
import { chatModelCache } from "../llm/model-cache";
import type { ResilienceDeps } from "../llm/resilient-chat-model";

/**
 * The server's buyer resolver for the seller role: code releases from buyers/registry, LLM
 * buyers ("llm-ollama:<tag>@1", "llm-hf:<model>@1") built on the configured backends. Each model
 * spec gets one gated ChatModel for the life of the process (daily cap, breaker and concurrency
 * shared by every session). A model that fails or answers garbage makes the buyer play its
 * defined fallback move, reported per step as info.buyer_fallback.
 */
export function createBuyerResolver(config: LlmConfig, deps: ResilienceDeps): (key: string) => ResolvedBuyer {
  const chatModel = chatModelCache(config, deps);
  return (key) => {
    try {
      return resolveBuyer(key, { chatModel, timeoutMs: config.policy.timeoutMs });
    } catch (err) {
      if (err instanceof UnknownBuyerReleaseError) throw err;
      // An unusable model spec (chatModelFromSpec names the accepted forms) is the caller's 400.
      throw new UnknownBuyerReleaseError(
        key,
        ` ${err instanceof Error ? err.message.split("\n")[0] : "unusable model spec"}.`,
      );
    }
  };
}
