import { describe, expect, it } from "vitest";
import { GOOD_PITCH, TERMS } from "../../exchange/testing/exchange-http";
import { useExchangeServer } from "../../exchange/testing/exchange-server";
import { readSse } from "../../exchange/testing/sse-reader";

const t = useExchangeServer();

/** One request market that settles: opened, settled, closed on the tape. */
async function settledMarket(): Promise<string> {
  const r = await t.req.post("/markets/requests", { terms: TERMS, duration_ms: 30_000 });
  const id = r.body.market_id as string;
  await t.a.post("/markets/act", { market_id: id, action: { type: "engage" } });
  await t.a.post("/markets/act", {
    market_id: id,
    action: { type: "submit", price: 1000, pitch: GOOD_PITCH },
  });
  await t.srv.exchange.exchange.idle();
  return id;
}

const ids = (evs: { id: string | null }[]) => evs.map((e) => Number(e.id));

describe("GET /markets/stream (SSE)", () => {
  it("replays the tape with increasing ids, then goes live; Last-Event-ID resumes after it", async () => {
    const m1 = await settledMarket();
    const all = await readSse(`${t.srv.url}/markets/stream`, {}, (e) => e.length >= 3);
    expect(all.status).toBe(200);
    expect(all.events.every((e) => e.event === "tape")).toBe(true);
    const first = all.events.map((e) => JSON.parse(e.data));
    expect(first.map((r) => r.entry.kind)).toEqual(["request_opened", "settled", "closed"]);
    expect(first.every((r) => r.entry.market_id === m1)).toBe(true);
    const got = ids(all.events);
    expect(got).toEqual([...got].sort((x, y) => x - y));
    expect(new Set(got).size).toBe(got.length);

    // Live: subscribe from the last id, then make a second market settle.
    const last = String(got.at(-1));
    const live = readSse(`${t.srv.url}/markets/stream`, { "last-event-id": last }, (e) => e.length >= 3);
    await new Promise((r) => setTimeout(r, 100));
    const m2 = await settledMarket();
    const more = await live;
    expect(more.events.map((e) => JSON.parse(e.data).entry.market_id)).toEqual([m2, m2, m2]);
    expect(Math.min(...ids(more.events))).toBeGreaterThan(Number(last));

    // Resuming from the middle misses nothing and repeats nothing.
    const mid = await readSse(`${t.srv.url}/markets/stream?after=${got[0]}`, {}, (e) => e.length >= 5);
    expect(ids(mid.events)).toEqual([...got.slice(1), ...ids(more.events)]);
  });

  it("answers garbage Last-Event-ID with 400, and an id from the future with an empty stream", async () => {
    for (const bad of ["abc", "-1", "1.5", "9".repeat(40)]) {
      const r = await readSse(`${t.srv.url}/markets/stream`, { "last-event-id": bad }, () => true);
      expect(r.status).toBe(400);
      expect(JSON.parse(r.body).error.code).toBe("BAD_LAST_EVENT_ID");
    }
    const future = await readSse(
      `${t.srv.url}/markets/stream`,
      { "last-event-id": "999999999" },
      () => false,
      400,
    );
    expect(future.status).toBe(200);
    expect(future.events).toEqual([]);
  });

  it("carries only public tape entries: no pitch, score, pass or roster ever reaches the stream", async () => {
    const r = await t.req.post("/markets/requests", { terms: TERMS, duration_ms: 30_000 });
    const id = r.body.market_id as string;
    await t.a.post("/markets/act", { market_id: id, action: { type: "pass", reason: "negative_ev" } });
    const after = String(t.srv.exchange.store.lastTapeId() - 1);
    const s = await readSse(
      `${t.srv.url}/markets/stream`,
      { "last-event-id": after },
      (e) => e.length >= 1,
      500,
    );
    const text = s.events.map((e) => e.data).join("\n");
    expect(text).not.toMatch(/negative_ev|pitch|score|roster|feedback|passed|engaged/);
  });
});
