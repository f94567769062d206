import { connect, type Socket } from "node:net";
import type { RawReply } from "../client/http-request";

interface Pending {
  resolve: (r: RawReply) => void;
  reject: (err: Error) => void;
}

const HEADER_END = Buffer.from("\r\n\r\n");

/**
 * One keep-alive HTTP/1.1 connection that sends one request at a time, for load generators only.
 * Why not node:http: its client machinery (agent, parser, header objects, streams) costs about
 * as much CPU per request as HAProxy does, and on a 2-core box a load generator competes with the
 * servers it measures (bench:scale). This writes a request as one buffer and reads the answer by
 * Content-Length (or chunked), nothing else. Not a general client: no redirects, no TLS, no
 * pipelining, and a connection the server closes is reopened on the next request.
 */
export class RawHttpConnection {
  private socket: Socket | null = null;
  private buf: Buffer = Buffer.alloc(0);
  private pending: Pending | null = null;

  constructor(
    private readonly host: string,
    private readonly port: number,
  ) {}

  static forUrl(url: string): RawHttpConnection {
    const u = new URL(url);
    return new RawHttpConnection(u.hostname, Number(u.port || 80));
  }

  post(path: string, body: unknown): Promise<RawReply> {
    return this.send("POST", path, JSON.stringify(body));
  }

  send(method: "GET" | "POST", path: string, payload?: string): Promise<RawReply> {
    if (this.pending !== null) return Promise.reject(new Error("one request at a time"));
    const bytes = payload === undefined ? 0 : Buffer.byteLength(payload);
    const head =
      `${method} ${path} HTTP/1.1\r\nhost: ${this.host}:${this.port}\r\n` +
      (payload === undefined ? "" : `content-type: application/json\r\ncontent-length: ${bytes}\r\n`);
    return new Promise((resolve, reject) => {
      this.pending = { resolve, reject };
      this.open().write(`${head}\r\n${payload ?? ""}`);
    });
  }

  close(): void {
    this.socket?.destroy();
    this.socket = null;
  }

  private open(): Socket {
    if (this.socket !== null) return this.socket;
    const s = connect({ host: this.host, port: this.port, noDelay: true });
    this.buf = Buffer.alloc(0);
    s.on("data", (chunk: Buffer) => {
      this.buf = this.buf.length === 0 ? chunk : Buffer.concat([this.buf, chunk]);
      this.parse();
    });
    const fail = (err: Error) => {
      // A socket closed after its answer (Connection: close) must not fail the next request.
      if (this.socket !== s) return;
      this.socket = null;
      const p = this.pending;
      this.pending = null;
      p?.reject(err);
    };
    s.on("error", fail);
    s.on("close", () => fail(new Error("connection closed before the answer was complete")));
    this.socket = s;
    return s;
  }

  private parse(): void {
    const end = this.buf.indexOf(HEADER_END);
    if (end < 0 || this.pending === null) return;
    const head = this.buf.subarray(0, end).toString("latin1").split("\r\n");
    const status = Number(head[0]?.split(" ")[1] ?? 0);
    const headers = new Map<string, string>();
    for (const line of head.slice(1)) {
      const i = line.indexOf(":");
      if (i > 0) headers.set(line.slice(0, i).trim().toLowerCase(), line.slice(i + 1).trim());
    }
    const rest = this.buf.subarray(end + 4);
    const body = headers.get("transfer-encoding")?.includes("chunked")
      ? dechunk(rest)
      : sized(rest, Number(headers.get("content-length") ?? 0));
    if (body === null) return; // wait for more bytes
    const p = this.pending;
    this.pending = null;
    this.buf = Buffer.alloc(0);
    if (headers.get("connection")?.toLowerCase() === "close") this.close();
    p.resolve({ status, retryAfter: headers.get("retry-after") ?? null, text: body.toString("utf8") });
  }
}

function sized(rest: Buffer, length: number): Buffer | null {
  return rest.length >= length ? rest.subarray(0, length) : null;
}

/** The body of a complete chunked message, or null while its last chunk has not arrived. */
function dechunk(rest: Buffer): Buffer | null {
  const parts: Buffer[] = [];
  let at = 0;
  for (;;) {
    const eol = rest.indexOf("\r\n", at);
    if (eol < 0) return null;
    const size = Number.parseInt(rest.subarray(at, eol).toString("latin1"), 16);
    if (Number.isNaN(size)) throw new Error("malformed chunked body");
    const start = eol + 2;
    if (size === 0) return rest.length >= start + 2 ? Buffer.concat(parts) : null;
    if (rest.length < start + size + 2) return null;
    parts.push(rest.subarray(start, start + size));
    at = start + size + 2;
  }
}
