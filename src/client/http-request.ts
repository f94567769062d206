import { Agent, request } from "node:http";

export interface RawReply {
  status: number;
  /** The Retry-After header, or null. */
  retryAfter: string | null;
  text: string;
}

/**
 * A keep-alive agent for every HTTP client of ours (the eval CLI, benches, load tests). Why not
 * `fetch`: Node 20's fetch (undici 6) spent 0.4–1.8 ms of client CPU per request on this VM
 * against 0.08–0.16 ms for node:http (bench/scale/client-ab.ts), so a client driving a server
 * with fetch measured itself (issue #15's ~200 steps/s). Idle sockets are unref'd by Node, so a
 * CLI still exits when its work is done.
 */
export const keepAliveAgent = (sockets = Number.POSITIVE_INFINITY): Agent =>
  new Agent({ keepAlive: true, maxSockets: sockets });

export interface RequestOptions {
  headers?: Record<string, string>;
  /** Give up (reject) when the answer has not fully arrived by then. */
  timeoutMs?: number;
}

/** One HTTP request through `agent` (JSON body when given); the status and raw text of the answer. */
export function httpRequest(
  agent: Agent,
  method: "GET" | "POST" | "DELETE",
  url: string,
  body?: unknown,
  opts: RequestOptions = {},
): Promise<RawReply> {
  const u = new URL(url);
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: u.hostname,
        port: u.port,
        method,
        path: `${u.pathname}${u.search}`,
        agent,
        headers: {
          ...opts.headers,
          ...(payload === undefined
            ? {}
            : { "content-type": "application/json", "content-length": Buffer.byteLength(payload) }),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("error", reject);
        res.on("end", () => {
          clearTimeout(timer);
          const ra = res.headers["retry-after"];
          resolve({
            status: res.statusCode ?? 0,
            retryAfter: typeof ra === "string" ? ra : null,
            text: Buffer.concat(chunks).toString("utf8"),
          });
        });
      },
    );
    const timer =
      opts.timeoutMs === undefined
        ? undefined
        : setTimeout(
            () => req.destroy(new Error(`${method} ${u.pathname}: no answer in ${opts.timeoutMs} ms`)),
            opts.timeoutMs,
          );
    req.on("error", (err) => {
      clearTimeout(timer);
      reject(err);
    });
    req.end(payload);
  });
}
