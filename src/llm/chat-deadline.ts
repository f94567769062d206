import { TimeoutStrategy, timeout } from "cockatiel";
import type { ChatMessage, ChatModel, ChatOptions, ChatResult } from "../../env/chat-model";

/** One request under its deadline: `signal` fires on the caller's abort or when time runs out. */
export interface DeadlineCall {
  signal: AbortSignal;
  timeoutMs: number;
}

export type SendChat = (
  messages: ChatMessage[],
  options: ChatOptions,
  call: DeadlineCall,
) => Promise<ChatResult>;

/**
 * A client's `chat` under cockatiel's cooperative timeout: the signal reaches fetch, which
 * rejects, and `send` tells a caller's abort from the deadline with `abortCause`.
 */
export function chatWithDeadline(defaultTimeoutMs: number, send: SendChat): ChatModel["chat"] {
  return (messages, options = {}) => {
    const timeoutMs = options.timeoutMs ?? defaultTimeoutMs;
    const deadline = timeout(timeoutMs, TimeoutStrategy.Cooperative);
    return deadline.execute(({ signal }) => send(messages, options, { signal, timeoutMs }), options.signal);
  };
}
