import { Ollama } from "ollama";
import type { ChatModel } from "../../env/chat-model";
import { chatWithDeadline, type SendChat } from "./chat-deadline";
import { ChatError } from "./chat-error";
import { abortCause, classifyFailure } from "./classify-failure";
import { observingFetch } from "./observing-fetch";
import { safeUrl } from "./redact";
import { mergeStops } from "./stop-sequences";

export interface OllamaChatModelConfig {
  host: string;
  model: string;
  /** How long Ollama keeps the weights loaded after a call; long enough to span an episode. */
  keepAlive?: string | number;
  /** Deadline when the caller gives none. */
  timeoutMs?: number;
  fetch?: typeof fetch;
}

const DEFAULT_TIMEOUT_MS = 30_000;
const DEFAULT_KEEP_ALIVE = "15m";

export function createOllamaChatModel(cfg: OllamaChatModelConfig): ChatModel {
  if (!cfg.model) throw new Error("Ollama chat model needs a model tag, e.g. llama3.2:3b");
  const backend = `ollama(${safeUrl(cfg.host)} ${cfg.model})`;

  const send: SendChat = async (messages, options, { signal, timeoutMs }) => {
    const observed = observingFetch(signal, cfg.fetch);
    // The client takes no signal for non-streaming chat, so the deadline rides in through fetch.
    const client = new Ollama({ host: cfg.host, fetch: observed.fetch });
    const started = performance.now();
    try {
      const reply = await client.chat({
        model: cfg.model,
        messages: messages.map((m) => ({ role: m.role, content: m.content })),
        stream: false,
        format: options.json ? "json" : undefined,
        keep_alive: cfg.keepAlive ?? DEFAULT_KEEP_ALIVE,
        options: {
          temperature: options.temperature,
          top_p: options.topP,
          num_predict: options.maxTokens,
          stop: mergeStops(options.stop),
          seed: options.seed,
        },
      });
      const text = reply?.message?.content;
      if (typeof text !== "string") {
        throw new ChatError({ kind: "bad_response", message: `${backend}: reply has no message.content` });
      }
      return {
        text,
        usage:
          typeof reply.eval_count === "number"
            ? { promptTokens: reply.prompt_eval_count ?? 0, completionTokens: reply.eval_count }
            : null,
        latencyMs: performance.now() - started,
        model: `ollama:${reply.model || cfg.model}`,
      };
    } catch (err) {
      const abortedBy = abortCause(signal, options.signal);
      throw classifyFailure(err, { backend, abortedBy, timeoutMs, meta: observed.last(), secrets: [] });
    }
  };

  return { id: `ollama:${cfg.model}`, chat: chatWithDeadline(cfg.timeoutMs ?? DEFAULT_TIMEOUT_MS, send) };
}
