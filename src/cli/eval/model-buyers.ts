import type { ChatModel } from "../../../env/chat-model";
import { chatModelFromSpec } from "../../llm/chat-model-from-spec";
import { readLlmConfig } from "../../llm/config";

/**
 * One gated ChatModel per model spec for the whole CLI run (the daily cap, breaker and
 * concurrency limit live in the instance), configured from the environment.
 */
export function modelFactory(
  env: Readonly<Record<string, string | undefined>>,
  concurrency: number,
): (spec: string) => ChatModel {
  const config = readLlmConfig(env);
  const cache = new Map<string, ChatModel>();
  return (spec) => {
    const hit = cache.get(spec);
    if (hit) return hit;
    const model = chatModelFromSpec(spec, {
      config,
      deps: { now: Date.now },
      policy: { maxConcurrent: concurrency, maxQueue: Math.max(16, concurrency * 4) },
    });
    cache.set(spec, model);
    return model;
  };
}
