import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { JudgedEvent } from "../../../markets/request/request-events";
import { DEFAULT_CONFIG } from "../../config/config";
import {
  type AgentClient,
  eventually,
  GOOD_PITCH,
  registerAgent,
  TERMS,
  WEAK_PITCH,
} from "../../exchange/testing/exchange-http";
import { type FakeOllamaServer, startFakeOllamaServer } from "../../llm/testing/fake-ollama-server";
import { silentLogger } from "../../log/logger";
import { readReply } from "../../testing/test-server";
import { type RunningServer, startServer } from "../server";

/**
 * A model judge in live request markets: the real server, the real Ollama client, a fake
 * Ollama on 127.0.0.1. The judge sees the request and the pitch, never who submitted or at
 * what price; a good verdict qualifies; garbage, an error or a timeout falls back to the code
 * judge (markets/ decides), and the tape and the market's log say which judge scored.
 */
let ollama: FakeOllamaServer;
let srv: RunningServer;
let req: AgentClient;
let a: AgentClient;
const MODEL_JUDGE = /^model:ollama:gemma3:4b.*#judge@1$/;

beforeAll(async () => {
  ollama = await startFakeOllamaServer({ models: ["gemma3:4b"] });
  srv = await startServer(
    {
      ...DEFAULT_CONFIG,
      port: 0,
      host: "127.0.0.1",
      db: ":memory:",
      judge: "ollama:gemma3:4b",
      judgeTimeoutMs: 800,
    },
    { logger: silentLogger, drainMs: 500, env: { OLLAMA_HOST: ollama.url, BAZAAR_LLM_TIMEOUT_MS: "1500" } },
  );
  req = await registerAgent(srv.url, "requester");
  a = await registerAgent(srv.url, "alpha");
});
afterAll(async () => {
  await srv.close();
  await ollama.close();
});
beforeEach(() => ollama.reset());

/** Open a request, engage and submit as `a`; wait until it is judged; return the market's record. */
async function submitAndJudge(pitch: string, price = 12_345) {
  const id = (await req.post("/markets/requests", { terms: TERMS, duration_ms: 30_000 })).body
    .market_id as string;
  await a.post("/markets/act", { market_id: id, action: { type: "engage" } });
  const sub = await a.post("/markets/act", { market_id: id, action: { type: "submit", price, pitch } });
  expect(sub.status).toBe(200);
  const judged = await eventually(async () => {
    const ev = srv.exchange.store.events(id).find((e) => e.type === "judged");
    return ev as JudgedEvent | undefined;
  });
  const view = (await a.get(`/markets/${id}`)).body;
  const pub = (await readReply(await fetch(`${srv.url}/markets/${id}`))).body;
  return { id, judged, view, pub };
}

describe("a model judge in live request markets", () => {
  it("scores blind: the model gets the request and the pitch, never the agent, its name or price", async () => {
    ollama.setFallback({ kind: "text", text: '{"score": 9, "feedback": "Covers every criterion."}' });
    const r = await submitAndJudge(GOOD_PITCH);
    expect(r.judged).toMatchObject({ score: 9, qualified: true, error: null });
    expect(r.judged.judge).toMatch(MODEL_JUDGE);
    expect(r.judged.fallback_from).toBeUndefined();
    expect(r.view.me.won).toBe(true);
    const settled = r.pub.tape.find((e: { kind: string }) => e.kind === "settled");
    expect(settled.judge).toMatch(MODEL_JUDGE);
    const sent = JSON.stringify(ollama.chatRequests().map((q) => q.body));
    expect(sent).toContain("tea stall logo");
    expect(sent).toContain(GOOD_PITCH);
    for (const secret of [a.agent_id, "alpha", "12345", "123.45", req.agent_id])
      expect(sent).not.toContain(secret);
  });

  it("garbage from the model falls back to the code judge, recorded with the reason", async () => {
    ollama.setFallback({ kind: "text", text: "What a lovely logo pitch! Ten out of ten, truly." });
    const good = await submitAndJudge(GOOD_PITCH);
    expect(good.judged).toMatchObject({ judge: "code@1", score: 10, qualified: true });
    expect(good.judged.fallback_from?.judge).toMatch(MODEL_JUDGE);
    expect(good.judged.fallback_from?.error).toMatch(/JSON/);
    expect(good.pub.tape.find((e: { kind: string }) => e.kind === "settled").judge).toBe("code@1");
    // The fallback is never easier than the code judge: a weak pitch stays below the bar.
    const weak = await submitAndJudge(WEAK_PITCH);
    expect(weak.judged).toMatchObject({ judge: "code@1", qualified: false });
    expect(weak.view.me.won).toBe(false);
  });

  it("a model slower than --judge-timeout-ms times out into the fallback; nothing stalls", async () => {
    ollama.setFallback({ kind: "text", text: '{"score": 2, "feedback": "late"}', delayMs: 3000 });
    const started = Date.now();
    const r = await submitAndJudge(GOOD_PITCH);
    expect(Date.now() - started).toBeLessThan(2500);
    expect(r.judged).toMatchObject({ judge: "code@1", qualified: true });
    expect(r.judged.fallback_from?.error).toMatch(/timed out/);
    expect(r.view.me.won).toBe(true);
  });
  it("a verdict out of range or a server error falls back as well (last: its failures open the breaker)", async () => {
    ollama.setFallback({ kind: "text", text: '{"score": 11, "feedback": "Beyond perfect."}' });
    expect((await submitAndJudge(GOOD_PITCH)).judged).toMatchObject({ judge: "code@1", score: 10 });
    ollama.setFallback({ kind: "error", status: 500, message: "model crashed" });
    const r = await submitAndJudge(GOOD_PITCH);
    expect(r.judged).toMatchObject({ judge: "code@1", qualified: true });
    expect(r.judged.fallback_from?.error).toBeTruthy();
  });
});

describe("--judge at startup", () => {
  it("refuses an unknown judge spec with the accepted forms, before serving", async () => {
    const err = await startServer(
      { ...DEFAULT_CONFIG, port: 0, host: "127.0.0.1", db: ":memory:", judge: "gpt:four" },
      { logger: silentLogger, env: {} },
    ).then(
      () => null,
      (e: unknown) => e as Error,
    );
    expect(err?.name).toBe("ConfigError");
    expect(err?.message).toMatch(/--judge: unrecognised model spec "gpt:four"[\s\S]*ollama:<tag>/);
  });
});
