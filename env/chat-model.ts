/**
 * The one seam between domain code and language models. Domain code (sellers, buyers,
 * the LLM tells extractor) receives a ChatModel; the shell (src/llm) builds concrete
 * ones for Hugging Face and Ollama. Only types live here: env/ does no I/O.
 */
export interface ChatMessage {
  role: "system" | "user" | "assistant";
  content: string;
}

export interface ChatOptions {
  temperature?: number;
  topP?: number;
  maxTokens?: number;
  stop?: string[];
  /** Ask the backend for a JSON object reply where it supports that. */
  json?: boolean;
  seed?: number;
  timeoutMs?: number;
  signal?: AbortSignal;
}

export interface ChatUsage {
  promptTokens: number;
  completionTokens: number;
}

export interface ChatResult {
  text: string;
  usage: ChatUsage | null;
  latencyMs: number;
  /** Which backend/model actually answered, e.g. "ollama:llama3.2:3b". */
  model: string;
}

export interface ChatModel {
  /** Stable identity used in version hashes: backend, model id, revision or endpoint. */
  readonly id: string;
  chat(messages: ChatMessage[], options?: ChatOptions): Promise<ChatResult>;
}

/** End-of-turn markers every call passes as stop sequences (Llama 3.x, Gemma, ChatML). */
export const END_OF_TURN_MARKERS: readonly string[] = ["<|eot_id|>", "<end_of_turn>", "<|im_end|>", "</s>"];
