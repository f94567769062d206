import { Agent, request } from "node:http";

export interface Json {
  [k: string]: unknown;
}

export interface Reply {
  status: number;
  body: Json;
}

export class HttpClient {
  private readonly agent: Agent;
  constructor(
    private readonly host: string,
    private readonly port: number,
    sockets: number,
  ) {
    this.agent = new Agent({ keepAlive: true, maxSockets: sockets });
  }

  call(method: "GET" | "POST", path: string, body?: unknown): Promise<Reply> {
    return new Promise((resolve, reject) => {
      const payload = body === undefined ? undefined : JSON.stringify(body);
      const req = request(
        {
          host: this.host,
          port: this.port,
          method,
          path,
          agent: this.agent,
          headers:
            payload === undefined
              ? {}
              : { "content-type": "application/json", "content-length": Buffer.byteLength(payload) },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (c: Buffer) => chunks.push(c));
          res.on("end", () => {
            try {
              resolve({
                status: res.statusCode ?? 0,
                body: JSON.parse(Buffer.concat(chunks).toString("utf8")) as Json,
              });
            } catch (err) {
              reject(err);
            }
          });
        },
      );
      req.on("error", reject);
      req.end(payload);
    });
  }

  destroy(): void {
    this.agent.destroy();
  }
}
