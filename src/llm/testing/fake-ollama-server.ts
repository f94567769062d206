import { type ScriptedServer, startScriptedServer, type WireProtocol } from "./scripted-http-server";

/**
 * Ollama's native API: `POST /api/chat` (one JSON object, or NDJSON when `stream` is not
 * false — Ollama streams by default), `GET /api/tags`, `GET /api/version`.
 * Errors use Ollama's `{ error }` body.
 */
export interface FakeOllamaOptions {
  /** Tags `/api/tags` lists, e.g. "llama3.2:3b". */
  models?: string[];
}

export interface FakeOllamaServer extends ScriptedServer {
  setModels(models: string[]): void;
}

export async function startFakeOllamaServer(opts: FakeOllamaOptions = {}): Promise<FakeOllamaServer> {
  let models = opts.models ?? ["llama3.2:3b"];
  const protocol: WireProtocol = {
    isChatRoute: (method, path) => method === "POST" && path === "/api/chat",
    staticRoute: (method, path) => {
      if (method !== "GET") return undefined;
      if (path === "/api/version") return { status: 200, body: { version: "0.0.0-fake" } };
      if (path === "/api/tags") return { status: 200, body: { models: models.map(tagEntry) } };
      return undefined;
    },
    renderText: (reply, requestBody) => {
      const model = modelOf(requestBody);
      const createdAt = "2024-01-01T00:00:00.000Z";
      const final = {
        model,
        created_at: createdAt,
        done: true,
        done_reason: "stop",
        total_duration: 1_000_000,
        load_duration: 10_000,
        prompt_eval_duration: 100_000,
        eval_duration: 800_000,
        ...(reply.usage
          ? { prompt_eval_count: reply.usage.promptTokens, eval_count: reply.usage.completionTokens }
          : {}),
      };
      if (!isStreaming(requestBody)) {
        const body = { ...final, message: { role: "assistant", content: reply.text } };
        return { contentType: "application/json; charset=utf-8", chunks: [JSON.stringify(body)] };
      }
      const pieces = reply.text.match(/[\s\S]{1,8}/g) ?? [];
      return {
        contentType: "application/x-ndjson",
        chunks: [
          ...pieces.map(
            (p) =>
              `${JSON.stringify({ model, created_at: createdAt, message: { role: "assistant", content: p }, done: false })}\n`,
          ),
          `${JSON.stringify({ ...final, message: { role: "assistant", content: "" } })}\n`,
        ],
      };
    },
    errorBody: (_status, message) => ({ error: message }),
  };
  const server = await startScriptedServer(protocol);
  return {
    ...server,
    url: server.url,
    requests: server.requests,
    setModels: (next) => {
      models = next;
    },
  };
}

function tagEntry(name: string): Record<string, unknown> {
  return {
    name,
    model: name,
    modified_at: "2024-01-01T00:00:00.000Z",
    size: 2_000_000_000,
    digest: "0".repeat(64),
    details: {
      parent_model: "",
      format: "gguf",
      family: "llama",
      families: ["llama"],
      parameter_size: "3B",
      quantization_level: "Q4_K_M",
    },
  };
}

function modelOf(body: unknown): string {
  const model = (body as { model?: unknown } | undefined)?.model;
  return typeof model === "string" ? model : "unknown";
}

function isStreaming(body: unknown): boolean {
  return (body as { stream?: unknown } | undefined)?.stream !== false;
}
