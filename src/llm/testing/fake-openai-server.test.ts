import { InferenceClient } from "@huggingface/inference";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startFakeOpenAiServer } from "./fake-openai-server";
import type { ScriptedServer } from "./scripted-http-server";

let server: ScriptedServer;
beforeAll(async () => {
  server = await startFakeOpenAiServer();
});
afterAll(async () => {
  await server.close();
});
beforeEach(() => server.reset());

describe("fake OpenAI-compatible server", () => {
  it("streams SSE chunks the real HF client reassembles, ending with usage", async () => {
    server.enqueue({
      kind: "text",
      text: '{"action":"offer","price":12.5}',
      usage: { promptTokens: 5, completionTokens: 9 },
    });
    const client = new InferenceClient("", { endpointUrl: server.url });
    let text = "";
    let usage: unknown;
    for await (const chunk of client.chatCompletionStream({
      messages: [{ role: "user", content: "hi" }],
      max_tokens: 8,
    })) {
      text += chunk.choices[0]?.delta?.content ?? "";
      if (chunk.usage) usage = chunk.usage;
    }
    expect(text).toBe('{"action":"offer","price":12.5}');
    expect(usage).toMatchObject({ prompt_tokens: 5, completion_tokens: 9 });
    expect(server.chatRequests()[0]?.body).toMatchObject({ stream: true, max_tokens: 8 });
  });

  it("answers with a 500 once the script runs out, or with the fallback when one is set", async () => {
    const client = new InferenceClient("", { endpointUrl: server.url });
    const call = () =>
      client.chatCompletion({ messages: [{ role: "user", content: "hi" }] }, { retry_on_error: false });
    await expect(call()).rejects.toThrow(/script exhausted/);
    server.setFallback({ kind: "text", text: "again" });
    expect((await call()).choices[0]?.message.content).toBe("again");
    expect((await call()).choices[0]?.message.content).toBe("again");
  });

  it("serves /v1/models and 404s unknown routes", async () => {
    const models = (await (await fetch(`${server.url}/v1/models`)).json()) as { data: { id: string }[] };
    expect(models.data.map((m) => m.id)).toEqual(["fake-org/fake-chat"]);
    expect((await fetch(`${server.url}/nope`)).status).toBe(404);
  });
});
