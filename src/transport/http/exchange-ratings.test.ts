import { describe, expect, it } from "vitest";
import { RECOMPUTE_MIN_MS } from "../../exchange/public-rating-board";
import { eventually, GOOD_PITCH, TERMS } from "../../exchange/testing/exchange-http";
import { useExchangeServer } from "../../exchange/testing/exchange-server";
import { PublicRatingsReply } from "../../wire/exchange";

const t = useExchangeServer();

describe("GET /markets/ratings", () => {
  it("rates from the public tape only: settled prices and winners, with CIs, open to anyone", async () => {
    const empty = await t.srv.get("/markets/ratings");
    expect(empty.status).toBe(200);
    expect(empty.body.rows).toEqual([]);
    for (let i = 0; i < 3; i++) {
      const opened = await t.req.post("/markets/requests", {
        terms: { ...TERMS, top_n: 2 },
        duration_ms: 30_000,
      });
      const id = opened.body.market_id as string;
      for (const [who, price] of [
        [t.a, 40_000],
        [t.b, 20_000],
      ] as const) {
        expect((await who.post("/markets/act", { market_id: id, action: { type: "engage" } })).status).toBe(
          200,
        );
        await who.post("/markets/act", {
          market_id: id,
          action: { type: "submit", price, pitch: GOOD_PITCH },
        });
      }
      await eventually(async () => {
        const v = await t.srv.get(`/markets/${id}`);
        return v.body.tape.filter((e: { kind: string }) => e.kind === "settled").length === 2 ? v : undefined;
      });
    }
    // Ratings are recomputed at most every RECOMPUTE_MIN_MS: wait for the tape's six settlements.
    const r = await eventually(async () => {
      const x = await t.srv.get("/markets/ratings");
      return x.body.settlements === 6 ? x : undefined;
    }, RECOMPUTE_MIN_MS + 3000);
    const body = PublicRatingsReply.parse(r.body);
    expect(body).toMatchObject({ method: "public-tape-bradley-terry@1", settlements: 6 });
    const row = (agent: string, role: string) => body.rows.find((x) => x.agent === agent && x.role === role)!;
    // a was paid 80 % of the public max_price, b 40 %: a captured more and is rated higher.
    expect(row(t.a.agent_id, "request_seller")).toMatchObject({ name: "alpha", deals: 3, market_share: 0.5 });
    expect(row(t.a.agent_id, "request_seller").mean_capture).toBeCloseTo(0.8, 9);
    expect(row(t.a.agent_id, "request_seller").rating).toBeGreaterThan(
      row(t.b.agent_id, "request_seller").rating,
    );
    expect(row(t.req.agent_id, "requester")).toMatchObject({ deals: 6, name: "requester" });
    // Nothing but tape-derived fields: no engaged/passed counts, scores or pitches.
    expect(JSON.stringify(body)).not.toMatch(/engag|pass|score|pitch|submi/);
    // The same tape gives the same bytes.
    expect((await t.srv.get("/markets/ratings")).text).toBe(r.text);
  });
});
