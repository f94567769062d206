import { afterAll, beforeAll, beforeEach } from "vitest";
import type { ChatModel } from "../../../env/chat-model";
import { createOllamaChatModel } from "../ollama-chat-model";
import { withResilience } from "../resilient-chat-model";
import { type FakeOllamaServer, startFakeOllamaServer } from "./fake-ollama-server";

/**
 * For a vitest file: one fake Ollama server for the file (reset before each test) and a
 * factory of real Ollama clients pointed at it, without retries.
 */
export function useFakeOllamaChat(modelTag: string): {
  server: () => FakeOllamaServer;
  chat: () => ChatModel;
} {
  let server: FakeOllamaServer;
  beforeAll(async () => {
    server = await startFakeOllamaServer({ models: [modelTag] });
  });
  afterAll(async () => {
    await server.close();
  });
  beforeEach(() => server.reset());
  return {
    server: () => server,
    chat: () =>
      withResilience(
        createOllamaChatModel({ host: server.url, model: modelTag }),
        { timeoutMs: 600, retries: 0 },
        { now: Date.now },
      ),
  };
}
