import type { ChatModel } from "../../env/chat-model";
import { chatModelFromSpec } from "./chat-model-from-spec";
import type { LlmConfig } from "./config";
import type { ResilienceDeps } from "./resilient-chat-model";

/**
 * One gated ChatModel per model spec for the life of the process, so its daily cap, breaker
 * and concurrency limit are shared by every session that plays against it.
 */
export function chatModelCache(config: LlmConfig, deps: ResilienceDeps): (spec: string) => ChatModel {
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
