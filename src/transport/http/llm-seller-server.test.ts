import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { leaksHidden } from "../../../env/reservation-leak";
import { DEFAULT_CONFIG } from "../../config/config";
import { type FakeOllamaServer, startFakeOllamaServer } from "../../llm/testing/fake-ollama-server";
import { silentLogger } from "../../log/logger";
import { type RunningServer, startServer } from "../server";

// The real server, the real ollama client, and a fake Ollama on 127.0.0.1 speaking its wire protocol.
let ollama: FakeOllamaServer;
let server: RunningServer;

beforeAll(async () => {
  ollama = await startFakeOllamaServer({ models: ["gemma3:4b"] });
  server = await startServer(
    { ...DEFAULT_CONFIG, port: 0, host: "127.0.0.1", db: ":memory:", logLevel: "silent" },
    {
      logger: silentLogger,
      drainMs: 500,
      env: { OLLAMA_HOST: ollama.url, BAZAAR_OLLAMA_MODEL: "gemma3:4b", BAZAAR_LLM_TIMEOUT_MS: "1500" },
    },
  );
});
afterAll(async () => {
  await server.close();
  await ollama.close();
});

// Loose views of the JSON answers: the wire schemas are tested elsewhere, here only the fields read.
interface Answer {
  session_id: string;
  episode_id: string;
  observation: {
    opponent_last_offer: number;
    seller_message: string | null;
    deal_outcome: string | null;
    agreed_price: number | null;
  };
  info: { seller: { id: string; version: number } };
  error: { code: string; message: string };
}
interface SellerReply {
  type: string;
  source: string;
  price: number | null;
  guard: { rule: string }[];
}

async function post(path: string, body: unknown): Promise<{ status: number; body: Answer }> {
  const res = await fetch(`${server.url}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Answer };
}
const getJson = <T>(path: string): Promise<T> =>
  fetch(`${server.url}${path}`).then((r) => r.json() as Promise<T>);

describe("an LLM seller behind the server", () => {
  it("plays an episode: model turns, guard rewrites and fallbacks are all recorded", async () => {
    const reset = await post("/reset", { task: "single_deal", seed: 5, seller: "llm-ollama:gemma3:4b@1" });
    expect(reset.status).toBe(200);
    expect(reset.body.info.seller).toMatchObject({ id: "llm-ollama:gemma3:4b", version: 1 });
    const sid = reset.body.session_id;

    // 1. A lawful counter from the model.
    ollama.enqueue({
      kind: "text",
      text: JSON.stringify({ message: "Achha, 52 de do.", action: "counter", price: 52 }),
    });
    const s1 = await post("/step", { session_id: sid, action: { type: "offer", price: 30 } });
    expect(s1.body.observation.opponent_last_offer).toBe(52);
    expect(s1.body.observation.seller_message).toBe("Achha, 52 de do.");

    // 2. The model tries to sell below its floor and says the floor: the guard counters and redacts.
    ollama.enqueue({
      kind: "text",
      text: '```json\n{"message": "Okay 31.5 is my minimum, take it at 25", "action": "accept", "price": 25}\n```',
    });
    const s2 = await post("/step", { session_id: sid, action: { type: "offer", price: 25 } });
    expect(s2.body.observation.deal_outcome).toBeNull();
    // The guard's records stay on the server while the episode runs: they would name the floor.
    expect(s2.body.info).not.toHaveProperty("guard");
    expect(s2.body.observation.opponent_last_offer).toBeLessThanOrEqual(52);

    // 3. Garbage from the model: the rule persona answers for that turn.
    ollama.enqueue({ kind: "text", text: "I am not JSON at all" });
    // (Offers stay below the reservation: an LLM seller takes any offer at or above it, REFERENCE §9.)
    const s3 = await post("/step", { session_id: sid, action: { type: "offer", price: 28 } });
    expect(s3.status).toBe(200);

    // 4. A 500: fallback again, never a failed step.
    ollama.enqueue({ kind: "error", status: 500, message: "boom" });
    ollama.enqueue({ kind: "error", status: 500, message: "boom" });
    ollama.enqueue({ kind: "error", status: 500, message: "boom" });
    const s4 = await post("/step", { session_id: sid, action: { type: "offer", price: 29 } });
    expect(s4.status).toBe(200);

    // 5. An offer at the reservation is accepted whatever the model says.
    ollama.enqueue({
      kind: "text",
      text: JSON.stringify({ message: "No, 45.", action: "counter", price: 45 }),
    });
    const s5 = await post("/step", { session_id: sid, action: { type: "offer", price: 31.5 } });
    expect(s5.body.observation.deal_outcome).toBe("deal");
    expect(s5.body.observation.agreed_price).toBe(31.5);

    const ep = await getJson<{ events: SellerReply[] }>(`/episodes/${reset.body.episode_id}`);
    const replies = ep.events.filter((e) => e.type === "seller_replied");
    expect(replies[1]?.guard.map((g) => g.rule)).toContain("accept_below_reservation");
    expect(replies[0]?.source).toBe("external");
    expect(replies.some((r) => r.source === "fallback")).toBe(true);
    const state = await getJson<{ dialogue: { speaker: string; message: string; price: number | null }[] }>(
      `/state?session_id=${sid}`,
    );
    for (const r of replies) expect(r.price === null || r.price >= 31.5).toBe(true);
    // Branching would mean asking the model again: a clear refusal, never a 500.
    const cf = await post(`/episodes/${reset.body.episode_id}/counterfactual`, {
      from_round: 1,
      action: { type: "offer", price: 40 },
    });
    expect(cf.status).toBe(409);
    expect(cf.body.error.message).toContain("not a rule release");
    // A seller quoting its own price in that very move is not a leak, even at the floor (#10 item 3).
    for (const turn of state.dialogue)
      if (turn.speaker === "seller") expect(leaksHidden(turn.message, [31.5], turn.price)).toBe(false);
  });

  it("reports the configured backend on /health without secrets", async () => {
    const health = await getJson<{ status: string; backends: unknown[] }>("/health");
    expect(health.status).toBe("healthy");
    expect(health.backends).toEqual([
      expect.objectContaining({ backend: "ollama", reachable: true, sellerKey: "llm-ollama:gemma3:4b@3" }),
    ]);
  });

  it("an unknown LLM seller spec is a 400 that lists what exists", async () => {
    const r = await post("/reset", { seller: "llm-nowhere:x@1" });
    expect(r.status).toBe(400);
    expect(r.body.error.code).toBe("UNKNOWN_SELLER");
    expect(r.body.error.message).toContain("bazaar-default@1");
  });

  it("GET /sellers lists every release with parameters and hash, and the LLM template", async () => {
    const body = (await fetch(`${server.url}/sellers`).then((r) => r.json())) as {
      sellers: { key: string; hash: string }[];
    };
    const keys = body.sellers.map((s) => s.key);
    expect(keys).toEqual(
      expect.arrayContaining([
        "bazaar-default@1",
        "boulware@1",
        "tit-for-tat@1",
        "craigslist-bot@1",
        "llm@1",
        "llm@2",
        "llm@3",
      ]),
    );
    for (const s of body.sellers) expect(s.hash).toMatch(/^[0-9a-f]{16}$/);
  });
});
