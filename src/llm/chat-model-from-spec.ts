import type { LlmConfig } from "./config";
import { createHfChatModel } from "./hf-chat-model";
import { createOllamaChatModel } from "./ollama-chat-model";
import {
  type ResilienceDeps,
  type ResiliencePolicyInput,
  type ResilientChatModel,
  withResilience,
} from "./resilient-chat-model";

/**
 * Turns a CLI/config model spec into a gated ChatModel. Build each model once and share it:
 * the daily cap, breaker and concurrency limit live in the returned instance.
 */
export const ACCEPTED_SPEC_FORMS: readonly string[] = [
  "ollama:<tag>            e.g. ollama:llama3.2:3b",
  "hf:<org/model>          e.g. hf:meta-llama/Llama-3.2-3B-Instruct (Inference Providers)",
  "hf:<https URL>          e.g. hf:https://xyz.endpoints.huggingface.cloud (dedicated or OpenAI-compatible endpoint)",
];

export interface ChatModelSpecContext {
  config: LlmConfig;
  deps: ResilienceDeps;
  /** Overrides applied on top of the configured timeout, concurrency and daily cap. */
  policy?: ResiliencePolicyInput;
}

const HUB_ID = /^[\w.-]+(\/[\w.-]+)?$/;

export function chatModelFromSpec(spec: string, ctx: ChatModelSpecContext): ResilientChatModel {
  const policy: ResiliencePolicyInput = { ...ctx.config.policy, ...ctx.policy };
  const trimmed = spec.trim();
  const colon = trimmed.indexOf(":");
  const scheme = colon < 0 ? "" : trimmed.slice(0, colon);
  const rest = colon < 0 ? "" : trimmed.slice(colon + 1);

  if (scheme === "ollama" && rest !== "") {
    const inner = createOllamaChatModel({ host: ctx.config.ollama.host, model: rest });
    return withResilience(inner, policy, ctx.deps);
  }
  if (scheme === "hf" && /^https?:\/\//.test(rest)) {
    const inner = createHfChatModel({
      endpointUrl: rest,
      model: ctx.config.hf.model,
      token: ctx.config.hf.token,
    });
    return withResilience(inner, policy, ctx.deps);
  }
  if (scheme === "hf" && HUB_ID.test(rest)) {
    const inner = createHfChatModel({
      model: rest,
      provider: ctx.config.hf.provider,
      token: ctx.config.hf.token,
    });
    return withResilience(inner, policy, ctx.deps);
  }
  throw new Error(
    `unrecognised model spec "${trimmed}"; accepted forms:\n  ${ACCEPTED_SPEC_FORMS.join("\n  ")}`,
  );
}
