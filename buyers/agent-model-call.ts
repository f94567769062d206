import { type ChatMessage, type ChatModel, type ChatUsage, END_OF_TURN_MARKERS } from "../env/chat-model";

/** Eval generation parameters (REFERENCE §8.9), for model agents of either role. */
export interface AgentSampling {
  temperature: number;
  topP: number;
  maxTokens: number;
}

/** One model call as an agent's decision sees it: the reply, or why there was none. */
export interface AgentModelReply {
  text: string;
  usage: ChatUsage | null;
  latencyMs?: number;
  /** Why the call failed (timeout, HTTP error), when it did; `text` is then "". */
  error?: string;
}

/**
 * Ask a model for an agent's next move (LLM buyer and seller agents alike): JSON mode, the
 * end-of-turn stop markers, the eval sampling; a failed call is caught and named, never thrown,
 * so the caller can play its defined fallback.
 */
export async function askAgentModel(
  model: ChatModel,
  prompt: ChatMessage[],
  sampling: AgentSampling,
  timeoutMs?: number,
): Promise<AgentModelReply> {
  try {
    const r = await model.chat(prompt, {
      temperature: sampling.temperature,
      topP: sampling.topP,
      maxTokens: sampling.maxTokens,
      stop: [...END_OF_TURN_MARKERS],
      json: true,
      ...(timeoutMs !== undefined ? { timeoutMs } : {}),
    });
    return { text: r.text, usage: r.usage, latencyMs: r.latencyMs };
  } catch (e) {
    return { text: "", usage: null, error: e instanceof Error ? `${e.name}: ${e.message}` : String(e) };
  }
}
