import { readReply, type TestReply } from "../../testing/test-server";
import { AGENT_TOKEN_HEADER, type OpenRequestBody } from "../../wire/exchange";

/** A registered agent speaking to a real server over HTTP, its token in X-Agent-Token. */
export interface AgentClient {
  agent_id: string;
  token: string;
  get(path: string): Promise<TestReply>;
  post(path: string, body: unknown): Promise<TestReply>;
  del(path: string): Promise<TestReply>;
}

export function clientFor(url: string, agent_id: string, token: string): AgentClient {
  const call = async (method: string, path: string, body?: unknown) =>
    readReply(
      await fetch(`${url}${path}`, {
        method,
        headers: { [AGENT_TOKEN_HEADER]: token, "content-type": "application/json" },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      }),
    );
  return {
    agent_id,
    token,
    get: (p) => call("GET", p),
    post: (p, b) => call("POST", p, b),
    del: (p) => call("DELETE", p),
  };
}

export async function registerAgent(url: string, name: string): Promise<AgentClient> {
  const r = await readReply(
    await fetch(`${url}/agents`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ name }),
    }),
  );
  if (r.status !== 201) throw new Error(`register ${name}: ${r.status} ${r.text}`);
  return clientFor(url, r.body.agent_id, r.body.token);
}

/** Request terms the code judge scores 10 for GOOD_PITCH and low for a vague pitch. */
export const TERMS: OpenRequestBody["terms"] = {
  item: { name: "tea stall logo", kind: "service", description: "a logo for a signboard" },
  max_price: 50_000,
  top_n: 1,
  min_quality: 6,
  criteria: ["vector files", "two revisions", "delivery in five days"],
};
export const GOOD_PITCH =
  "Vector files in three colours, two revisions included, delivery in five days flat.";
export const WEAK_PITCH = "I have drawn many logos for many happy customers and I will draw yours too.";

export const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/** Poll `f` until it returns a value that is not undefined (or fail after `ms`). */
export async function eventually<T>(f: () => Promise<T | undefined>, ms = 5000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await f();
    if (v !== undefined) return v;
    if (Date.now() > end) throw new Error("condition not met in time");
    await sleep(20);
  }
}
