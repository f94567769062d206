import { type ScriptedServer, startScriptedServer, type WireProtocol } from "./scripted-http-server";

/**
 * OpenAI-compatible chat-completions server as served by TGI / HF Inference Endpoints:
 * `POST …/v1/chat/completions` (JSON, or SSE when `stream: true`), `GET /health`,
 * `GET /v1/models`, plus the Hub's `GET /api/models/<id>` used by the HF reachability probe.
 * Errors use TGI's `{ error, error_type }` body, which the HF client surfaces verbatim.
 */
export interface FakeOpenAiOptions {
  /** Model ids the Hub route and /v1/models report. */
  models?: string[];
}

export async function startFakeOpenAiServer(opts: FakeOpenAiOptions = {}): Promise<ScriptedServer> {
  const models = opts.models ?? ["fake-org/fake-chat"];
  let counter = 0;
  const protocol: WireProtocol = {
    isChatRoute: (method, path) => method === "POST" && path.endsWith("/v1/chat/completions"),
    staticRoute: (method, path) => {
      if (method !== "GET") return undefined;
      if (path === "/health") return { status: 200, body: { status: "ok" } };
      if (path === "/v1/models") {
        return { status: 200, body: { object: "list", data: models.map((id) => ({ id, object: "model" })) } };
      }
      const hub = /^\/api\/models\/(.+)$/.exec(path);
      if (hub?.[1]) {
        const id = decodeURIComponent(hub[1]);
        return models.includes(id)
          ? {
              status: 200,
              body: { id, inferenceProviderMapping: [{ provider: "hf-inference", status: "live" }] },
            }
          : { status: 404, body: { error: "Repository not found" } };
      }
      return undefined;
    },
    renderText: (reply, requestBody) => {
      counter += 1;
      const model = modelOf(requestBody);
      const id = `chatcmpl-fake-${counter}`;
      const created = 1_700_000_000 + counter;
      const usage = reply.usage
        ? {
            prompt_tokens: reply.usage.promptTokens,
            completion_tokens: reply.usage.completionTokens,
            total_tokens: reply.usage.promptTokens + reply.usage.completionTokens,
          }
        : undefined;
      if (!isStreaming(requestBody)) {
        const body = {
          id,
          object: "chat.completion",
          created,
          model,
          system_fingerprint: "fake",
          choices: [
            {
              index: 0,
              message: { role: "assistant", content: reply.text },
              logprobs: null,
              finish_reason: "stop",
            },
          ],
          ...(usage ? { usage } : {}),
        };
        return { contentType: "application/json", chunks: [JSON.stringify(body)] };
      }
      const pieces = reply.text.match(/[\s\S]{1,8}/g) ?? [];
      const frame = (delta: Record<string, string>, finish: string | null, extra = {}): string =>
        `data: ${JSON.stringify({
          id,
          object: "chat.completion.chunk",
          created,
          model,
          choices: [{ index: 0, delta, logprobs: null, finish_reason: finish }],
          ...extra,
        })}\n\n`;
      return {
        contentType: "text/event-stream",
        chunks: [
          frame({ role: "assistant", content: "" }, null),
          ...pieces.map((p) => frame({ content: p }, null)),
          frame({}, "stop", usage ? { usage } : {}),
          "data: [DONE]\n\n",
        ],
      };
    },
    errorBody: (status, message) => ({
      error: message,
      error_type: status >= 500 ? "generation" : "validation",
    }),
  };
  return startScriptedServer(protocol);
}

function modelOf(body: unknown): string {
  const model = (body as { model?: unknown } | undefined)?.model;
  return typeof model === "string" ? model : "tgi";
}

function isStreaming(body: unknown): boolean {
  return (body as { stream?: unknown } | undefined)?.stream === true;
}
