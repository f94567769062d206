import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A real HTTP server on 127.0.0.1 whose chat route answers from a per-test script, so the
 * genuine client libraries can be driven through every failure mode over real sockets.
 * Protocol-specific rendering (OpenAI vs Ollama wire shapes) is supplied by the caller.
 */
export type ScriptedReply =
  | {
      kind: "text";
      text: string;
      usage?: { promptTokens: number; completionTokens: number };
      delayMs?: number;
    }
  | { kind: "error"; status: number; message?: string; headers?: Record<string, string> }
  | { kind: "raw"; status: number; contentType: string; body: string }
  | { kind: "drop"; when: "before_headers" | "mid_body" }
  | { kind: "echo_auth"; status: number };

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: unknown;
  /** The client went away before the reply finished (deadline, abort). */
  aborted: boolean;
}

export interface RenderedBody {
  contentType: string;
  chunks: string[];
}

export interface WireProtocol {
  isChatRoute(method: string, path: string): boolean;
  /** Non-scripted routes (model lists, health, version); undefined means 404. */
  staticRoute(method: string, path: string): { status: number; body: unknown } | undefined;
  renderText(reply: Extract<ScriptedReply, { kind: "text" }>, requestBody: unknown): RenderedBody;
  errorBody(status: number, message: string): unknown;
}

export interface ScriptedServer {
  readonly url: string;
  readonly requests: RecordedRequest[];
  enqueue(...replies: ScriptedReply[]): void;
  /** Served whenever the queue is empty; undefined means an explicit 500 "script exhausted". */
  setFallback(reply: ScriptedReply | undefined): void;
  chatRequests(): RecordedRequest[];
  reset(): void;
  close(): Promise<void>;
}

export async function startScriptedServer(protocol: WireProtocol): Promise<ScriptedServer> {
  const queue: ScriptedReply[] = [];
  const requests: RecordedRequest[] = [];
  let fallback: ScriptedReply | undefined;

  const server = createServer((req, res) => {
    void readBody(req).then((raw) => {
      const method = req.method ?? "GET";
      const path = (req.url ?? "/").split("?")[0] ?? "/";
      const record: RecordedRequest = {
        method,
        path,
        headers: req.headers,
        body: parseMaybeJson(raw),
        aborted: false,
      };
      requests.push(record);
      res.on("close", () => {
        if (!res.writableFinished) record.aborted = true;
      });
      if (protocol.isChatRoute(method, path)) {
        const reply = queue.shift() ??
          fallback ?? { kind: "error", status: 500, message: "script exhausted" };
        serveScripted(reply, record, req, res, protocol);
        return;
      }
      const fixed = protocol.staticRoute(method, path);
      if (fixed) sendJson(res, fixed.status, fixed.body);
      else sendJson(res, 404, protocol.errorBody(404, `no route ${method} ${path}`));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    enqueue: (...replies) => {
      queue.push(...replies);
    },
    setFallback: (reply) => {
      fallback = reply;
    },
    chatRequests: () => requests.filter((r) => protocol.isChatRoute(r.method, r.path)),
    reset: () => {
      queue.length = 0;
      requests.length = 0;
      fallback = undefined;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
}

function serveScripted(
  reply: ScriptedReply,
  record: RecordedRequest,
  req: IncomingMessage,
  res: ServerResponse,
  protocol: WireProtocol,
): void {
  switch (reply.kind) {
    case "text": {
      const send = (): void => {
        const rendered = protocol.renderText(reply, record.body);
        res.writeHead(200, { "content-type": rendered.contentType });
        for (const chunk of rendered.chunks) res.write(chunk);
        res.end();
      };
      if (!reply.delayMs) {
        send();
        return;
      }
      const timer = setTimeout(send, reply.delayMs);
      res.on("close", () => clearTimeout(timer));
      return;
    }
    case "error":
      sendJson(
        res,
        reply.status,
        protocol.errorBody(reply.status, reply.message ?? `scripted ${reply.status}`),
        reply.headers,
      );
      return;
    case "raw":
      res.writeHead(reply.status, { "content-type": reply.contentType });
      res.end(reply.body);
      return;
    case "echo_auth":
      sendJson(
        res,
        reply.status,
        protocol.errorBody(reply.status, `rejected credentials: ${req.headers.authorization ?? "(none)"}`),
      );
      return;
    case "drop":
      if (reply.when === "before_headers") {
        req.socket.destroy();
        return;
      }
      res.writeHead(200, { "content-type": "application/json", "content-length": "4096" });
      res.write('{"partial":');
      setImmediate(() => req.socket.destroy());
      return;
  }
}

function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  res.writeHead(status, { "content-type": "application/json", ...headers });
  res.end(JSON.stringify(body));
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    const parts: Buffer[] = [];
    req.on("data", (chunk: Buffer) => parts.push(chunk));
    req.on("end", () => resolve(Buffer.concat(parts).toString("utf8")));
    req.on("error", () => resolve(Buffer.concat(parts).toString("utf8")));
  });
}

function parseMaybeJson(raw: string): unknown {
  if (raw === "") return undefined;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return raw;
  }
}
