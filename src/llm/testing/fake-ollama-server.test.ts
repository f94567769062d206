import { Ollama } from "ollama";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type FakeOllamaServer, startFakeOllamaServer } from "./fake-ollama-server";

let server: FakeOllamaServer;
beforeAll(async () => {
  server = await startFakeOllamaServer({ models: ["llama3.2:3b"] });
});
afterAll(async () => {
  await server.close();
});
beforeEach(() => server.reset());

describe("fake Ollama server", () => {
  it("streams NDJSON the real client iterates to a done message with counts", async () => {
    server.enqueue({
      kind: "text",
      text: "a longer streamed reply",
      usage: { promptTokens: 3, completionTokens: 6 },
    });
    const client = new Ollama({ host: server.url });
    let text = "";
    let evalCount: number | undefined;
    for await (const part of await client.chat({ model: "llama3.2:3b", messages: [], stream: true })) {
      text += part.message.content;
      if (part.done) evalCount = part.eval_count;
    }
    expect(text).toBe("a longer streamed reply");
    expect(evalCount).toBe(6);
  });

  it("serves /api/tags and /api/version to the real client", async () => {
    const client = new Ollama({ host: server.url });
    expect((await client.list()).models.map((m) => m.name)).toEqual(["llama3.2:3b"]);
    expect((await client.version()).version).toBe("0.0.0-fake");
  });

  it("returns Ollama-style error bodies the client turns into ResponseError", async () => {
    server.enqueue({ kind: "error", status: 503, message: "server busy" });
    const client = new Ollama({ host: server.url });
    await expect(client.chat({ model: "llama3.2:3b", messages: [], stream: false })).rejects.toMatchObject({
      status_code: 503,
      message: "server busy",
    });
  });
});
