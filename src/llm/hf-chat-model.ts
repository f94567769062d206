import { InferenceClient } from "@huggingface/inference";
import type { ChatModel } from "../../env/chat-model";
import { chatWithDeadline, type SendChat } from "./chat-deadline";
import { ChatError } from "./chat-error";
import { abortCause, classifyFailure } from "./classify-failure";
import { observingFetch } from "./observing-fetch";
import { safeUrl } from "./redact";
import { mergeStops } from "./stop-sequences";

export interface HfChatModelConfig {
  /** Hub model id for a provider, or the model name an OpenAI-compatible endpoint expects. */
  model?: string;
  /** Dedicated Inference Endpoint or any OpenAI-compatible base URL (with or without /v1). */
  endpointUrl?: string;
  /** Inference provider ("auto", "together", ...); not allowed together with endpointUrl. */
  provider?: string;
  token?: string;
  /** Recorded in the model id for version hashes; providers serve whatever they deploy. */
  revision?: string;
  /** Deadline when the caller gives none. */
  timeoutMs?: number;
  /** OpenAI-compatible servers commonly reject more than four stop strings. */
  maxStopSequences?: number;
  fetch?: typeof fetch;
}

const DEFAULT_TIMEOUT_MS = 30_000;

export function createHfChatModel(cfg: HfChatModelConfig): ChatModel {
  if (!cfg.model && !cfg.endpointUrl)
    throw new Error("Hugging Face chat model needs a model id or an endpointUrl");
  if (cfg.endpointUrl && cfg.provider) {
    throw new Error("Hugging Face chat model: endpointUrl and provider are mutually exclusive");
  }
  if (cfg.endpointUrl && !/^https?:\/\//.test(cfg.endpointUrl)) {
    throw new Error("Hugging Face endpointUrl must start with http:// or https://");
  }
  const target = cfg.endpointUrl ? safeUrl(cfg.endpointUrl) : (cfg.model ?? "");
  const id = `hf:${target}${cfg.revision ? `@${cfg.revision}` : ""}`;
  const backend = `hf(${target})`;
  const client = new InferenceClient(
    cfg.token ?? "",
    cfg.endpointUrl ? { endpointUrl: cfg.endpointUrl } : {},
  );

  const send: SendChat = async (messages, options, { signal, timeoutMs }) => {
    const observed = observingFetch(signal, cfg.fetch);
    const started = performance.now();
    try {
      const output = await client.chatCompletion(
        {
          model: cfg.model,
          provider: cfg.provider as Parameters<typeof client.chatCompletion>[0]["provider"],
          messages: messages.map((m) => ({ role: m.role, content: m.content })),
          max_tokens: options.maxTokens,
          temperature: options.temperature,
          top_p: options.topP,
          seed: options.seed,
          stop: mergeStops(options.stop, cfg.maxStopSequences ?? 4),
          response_format: options.json ? { type: "json_object" } : undefined,
        },
        // The library's own 503 retry loops without bound or backoff; resilience is ours.
        { signal, retry_on_error: false, fetch: observed.fetch },
      );
      const text = output?.choices?.[0]?.message?.content;
      if (typeof text !== "string") {
        throw new ChatError({
          kind: "bad_response",
          message: `${backend}: reply has no choices[0].message.content`,
        });
      }
      return {
        text,
        usage: output.usage
          ? {
              promptTokens: output.usage.prompt_tokens ?? 0,
              completionTokens: output.usage.completion_tokens ?? 0,
            }
          : null,
        latencyMs: performance.now() - started,
        model: `hf:${output.model && !/^https?:/.test(output.model) ? output.model : target}`,
      };
    } catch (err) {
      throw classifyFailure(err, {
        backend,
        abortedBy: abortCause(signal, options.signal),
        timeoutMs,
        meta: observed.last(),
        secrets: [cfg.token],
      });
    }
  };

  return { id, chat: chatWithDeadline(cfg.timeoutMs ?? DEFAULT_TIMEOUT_MS, send) };
}
