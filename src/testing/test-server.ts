import { DEFAULT_CONFIG, type ServerConfig } from "../config/config";
import { silentLogger } from "../log/logger";
import { type RunningServer, startServer } from "../transport/server";

export interface TestServer extends RunningServer {
  post(path: string, body: unknown, headers?: Record<string, string>): Promise<TestReply>;
  postRaw(path: string, raw: string, headers?: Record<string, string>): Promise<TestReply>;
  get(path: string): Promise<TestReply>;
  /** One MCP tool call as a plain JSON-RPC POST to /mcp (what a client without the SDK sends). */
  callTool(name: string, args: object): Promise<TestReply>;
}

export interface TestReply {
  status: number;
  headers: Headers;
  // biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary JSON response fields
  body: any;
  text: string;
}

/** A response read as a TestReply (body parsed as JSON when it is JSON, else null). */
export async function readReply(res: Response): Promise<TestReply> {
  const text = await res.text();
  let body: unknown = null;
  try {
    body = JSON.parse(text);
  } catch {
    body = null;
  }
  return { status: res.status, headers: res.headers, body, text };
}

/** The real server on an ephemeral port with an in-memory (or given) database. */
export async function startTestServer(
  overrides: Partial<ServerConfig> = {},
  now?: () => number,
): Promise<TestServer> {
  const config: ServerConfig = {
    ...DEFAULT_CONFIG,
    port: 0,
    host: "127.0.0.1",
    db: ":memory:",
    ...overrides,
  };
  const s = await startServer(config, { logger: silentLogger, now, drainMs: 1000 });
  const postRaw = async (path: string, raw: string, headers: Record<string, string> = {}) =>
    readReply(
      await fetch(`${s.url}${path}`, {
        method: "POST",
        body: raw,
        headers: { "content-type": "application/json", ...headers },
      }),
    );
  const post = (path: string, body: unknown, headers?: Record<string, string>) =>
    postRaw(path, JSON.stringify(body), headers);
  let rpcId = 0;
  return {
    ...s,
    postRaw,
    post,
    get: async (path) => readReply(await fetch(`${s.url}${path}`)),
    callTool: (name, args) =>
      post("/mcp", { jsonrpc: "2.0", id: ++rpcId, method: "tools/call", params: { name, arguments: args } }),
  };
}
