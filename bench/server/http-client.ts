import type { Agent } from "node:http";
import { httpRequest, keepAliveAgent } from "../../src/client/http-request";

export interface Json {
  [k: string]: unknown;
}

export interface Reply {
  status: number;
  body: Json;
}

export class HttpClient {
  private readonly agent: Agent;
  private readonly base: string;
  constructor(host: string, port: number, sockets: number) {
    this.agent = keepAliveAgent(sockets);
    this.base = `http://${host}:${port}`;
  }

  async call(method: "GET" | "POST", path: string, body?: unknown): Promise<Reply> {
    const r = await httpRequest(this.agent, method, `${this.base}${path}`, body);
    return { status: r.status, body: JSON.parse(r.text) as Json };
  }

  destroy(): void {
    this.agent.destroy();
  }
}
