import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "../storage/open-database";
import { openExchange } from "./exchange-shell";
import { inlineFitter, PublicRatingBoard, RECOMPUTE_MIN_MS, workerFitter } from "./public-rating-board";
import { GOOD_PITCH, TERMS } from "./testing/exchange-http";

const clock = { t: 1_000_000 };
const ex = openExchange(openDatabase(":memory:"), { now: () => clock.t, ratingsOnThisThread: true });
const req = ex.registry.register("req").agent_id;
const a = ex.registry.register("a").agent_id;
const b = ex.registry.register("b").agent_id;
afterAll(() => ex.stop());

async function settleOne(prices: [string, number][]): Promise<void> {
  const id = ex.exchange.openRequest(req, { terms: { ...TERMS, top_n: 2 }, duration_ms: 600_000 }).market_id;
  for (const [agent, price] of prices) {
    ex.exchange.act(agent, { market_id: id, action: { type: "engage" } });
    ex.exchange.act(agent, { market_id: id, action: { type: "submit", price, pitch: GOOD_PITCH } });
  }
  await ex.exchange.idle();
}

describe("the public rating board", () => {
  it("fits on a worker thread exactly as on this one", async () => {
    await settleOne([
      [a, 30_000],
      [b, 10_000],
    ]);
    await settleOne([
      [a, 20_000],
      [b, 15_000],
    ]);
    const name = (id: string) => ex.registry.name(id);
    const worker = new PublicRatingBoard(ex.store, name, () => clock.t, workerFitter());
    const inline = new PublicRatingBoard(ex.store, name, () => clock.t, inlineFitter());
    try {
      const w = await worker.current();
      expect(w.settlements).toBe(4);
      expect(JSON.stringify(w)).toBe(JSON.stringify(await inline.current()));
      // The worker keeps its copy of the tape: a later fit sends only what is new, and still agrees.
      await settleOne([[b, 40_000]]);
      clock.t += RECOMPUTE_MIN_MS;
      const w2 = await worker.current();
      expect(w2.settlements).toBe(5);
      expect(JSON.stringify(w2)).toBe(JSON.stringify(await inline.current()));
    } finally {
      await worker.stop();
    }
  });

  it("recomputes at most every RECOMPUTE_MIN_MS, and concurrent requests share one fit", async () => {
    const board = new PublicRatingBoard(
      ex.store,
      () => null,
      () => clock.t,
      inlineFitter(),
    );
    const [x, y] = await Promise.all([board.current(), board.current()]);
    expect(x).toBe(y);
    await settleOne([[a, 25_000]]);
    expect(await board.current()).toBe(x);
    clock.t += RECOMPUTE_MIN_MS;
    const z = await board.current();
    expect(z.as_of_tape_id).toBeGreaterThan(x.as_of_tape_id);
    expect(z.settlements).toBe(x.settlements + 1);
  });
});
