import { Agent, request } from "node:http";

export interface RawReply {
  status: number;
  /** The Retry-After header, or null. */
  retryAfter: string | null;
  text: string;
}

/**
 * A keep-alive agent for load generators. Why not `fetch`: Node 20's fetch (undici 6) spent
 * 0.4–1.8 ms of client CPU per request on this VM against 0.08–0.16 ms for node:http, so a bench
 * driving a server with fetch measured its own client (issue #15's ~200 steps/s).
 */
export const keepAliveAgent = (sockets: number): Agent => new Agent({ keepAlive: true, maxSockets: sockets });

/** One HTTP request through `agent` (JSON body when given); the status and raw text of the answer. */
export function httpRequest(
  agent: Agent,
  method: "GET" | "POST",
  url: string,
  body?: unknown,
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
        headers:
          payload === undefined
            ? {}
            : { "content-type": "application/json", "content-length": Buffer.byteLength(payload) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("error", reject);
        res.on("end", () => {
          const ra = res.headers["retry-after"];
          resolve({
            status: res.statusCode ?? 0,
            retryAfter: typeof ra === "string" ? ra : null,
            text: Buffer.concat(chunks).toString("utf8"),
          });
        });
      },
    );
    req.on("error", reject);
    req.end(payload);
  });
}
