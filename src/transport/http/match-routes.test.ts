import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_CONFIG } from "../../config/config";
import { type FakeOllamaServer, startFakeOllamaServer } from "../../llm/testing/fake-ollama-server";
import { silentLogger } from "../../log/logger";
import { EpisodeView } from "../../wire/episode-view";
import { MatchBuyersResponse, MatchView } from "../../wire/match";
import { type RunningServer, startServer } from "../server";

let ollama: FakeOllamaServer;
let server: RunningServer;

beforeAll(async () => {
  ollama = await startFakeOllamaServer({ models: ["llama3.2:3b"] });
  server = await startServer(
    { ...DEFAULT_CONFIG, port: 0, host: "127.0.0.1", db: ":memory:", logLevel: "silent" },
    {
      logger: silentLogger,
      drainMs: 500,
      env: { OLLAMA_HOST: ollama.url, BAZAAR_OLLAMA_MODEL: "llama3.2:3b", BAZAAR_LLM_TIMEOUT_MS: "1000" },
    },
  );
});
afterAll(async () => {
  await server.close();
  await ollama.close();
});

const post = (body: unknown) =>
  fetch(`${server.url}/matches`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });

async function finished(id: string): Promise<MatchView> {
  for (let i = 0; i < 400; i++) {
    const v = MatchView.parse(await (await fetch(`${server.url}/matches/${id}`)).json());
    if (v.status !== "running") return v;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error("match did not end");
}

describe("watched matches", () => {
  it("plays a rule buyer against a seller to the end; steps hold only what the buyer saw", async () => {
    const res = await post({ buyer: "rule:smart", seller: "boulware@1", task: "single_deal", seed: 7 });
    expect(res.status).toBe(201);
    const start = MatchView.parse(await res.json());
    expect(start).toMatchObject({
      buyer: "rule:smart",
      seller: "boulware@1",
      task: "single_deal",
      seed: 7,
    });
    const end = await finished(start.match_id);
    expect(end.status).toBe("finished");
    expect(end.total_steps).toBeGreaterThan(0);
    expect(end.steps.at(-1)?.observation.deal_outcome).not.toBeNull();
    expect(end.fallback_steps).toBe(0);
    // Nothing of the seller's floor or cost rides in the steps: the observation schema has no such field.
    expect(JSON.stringify(end)).not.toMatch(/reservation|"cost"/);
    expect(end.replay).toBe(`/web/replay?episode=${encodeURIComponent(end.episode_ids[0] as string)}`);
    // Paging: steps after N.
    const tail = MatchView.parse(
      await (await fetch(`${server.url}/matches/${start.match_id}?after=1`)).json(),
    );
    expect(tail.steps.map((s) => s.idx)).toEqual(end.steps.slice(1).map((s) => s.idx));
    // Once over, the replay shows the whole log (the match's session is closed).
    const view = EpisodeView.parse(
      await (
        await fetch(`${server.url}/episodes/${encodeURIComponent(end.episode_ids[0] as string)}`)
      ).json(),
    );
    expect(view.visibility).toBe("full");
  });

  it("lists code buyers and the configured model buyer only", async () => {
    const body = MatchBuyersResponse.parse(await (await fetch(`${server.url}/matches/buyers`)).json());
    expect(body.buyers.find((b) => b.spec === "rule:smart")?.kind).toBe("code");
    expect(body.buyers.filter((b) => b.kind === "model").map((b) => b.spec)).toEqual(["ollama:llama3.2:3b"]);
  });

  it("plays the fallback move when the model buyer times out, and says so on every such step", async () => {
    ollama.reset();
    ollama.setFallback({ kind: "text", text: '{"action":"offer","price":10}', delayMs: 5000 });
    const start = MatchView.parse(
      await (await post({ buyer: "ollama:llama3.2:3b", task: "single_deal", seed: 3 })).json(),
    );
    const end = await finished(start.match_id);
    expect(end.status).toBe("finished");
    expect(end.fallback_steps).toBe(end.total_steps);
    expect(end.steps[0]?.error).toMatch(/time|deadline|abort|no reply within/i);
    ollama.setFallback(undefined);
  }, 60_000);

  it("refuses unknown buyers, unconfigured models, unknown sellers and tasks with a 4xx and keeps nothing", async () => {
    const before = (await (await fetch(`${server.url}/health`)).json()) as { active_sessions: number };
    for (const [body, status] of [
      [{ buyer: "rule:nobody" }, 422],
      [{ buyer: "ollama:other-model" }, 422],
      [{ buyer: "hf:https://example.com/steal" }, 422],
      [{ buyer: "rule:smart", seller: "nobody@1" }, 400],
      [{ buyer: "rule:smart", task: "no_such_task" }, 400],
      [{ buyer: "rule:smart", seed: -1 }, 422],
      [{ buyer: "rule:smart", extra: 1 }, 422],
    ] as const) {
      const res = await post(body);
      expect(res.status, JSON.stringify(body)).toBe(status);
    }
    expect((await fetch(`${server.url}/matches/m_nope`)).status).toBe(404);
    expect((await fetch(`${server.url}/matches/m_nope?after=-1`)).status).toBe(422);
    const after = (await (await fetch(`${server.url}/health`)).json()) as { active_sessions: number };
    expect(after.active_sessions).toBe(before.active_sessions);
  });
});
