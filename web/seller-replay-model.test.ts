import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type LiveBackend, startRealServer } from "../src/testing/backends";
import type { SellerResetResponse } from "../src/wire/seller-role";
import type { CounterfactualResult, SellerEpisodeView } from "./api";
import { renderPriceChart } from "./chart";
import { renderCounterfactual } from "./counterfactual-view";
import { sellerFacts } from "./replay-facts";
import { whatIfBody } from "./replay-whatif";
import { sellerReplayModel } from "./seller-replay-model";

let server: LiveBackend;
beforeAll(async () => {
  server = await startRealServer();
});
afterAll(() => server.close());

async function call<T>(path: string, body?: unknown, sessionId?: string): Promise<T> {
  const res = await fetch(`${server.url}${path}`, {
    method: body === undefined ? "GET" : "POST",
    headers: { "content-type": "application/json", ...(sessionId ? { "x-session-id": sessionId } : {}) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  expect(res.status).toBe(200);
  return (await res.json()) as T;
}

/** A sale of two counters (the buyer answers each), then optionally the agent takes the offer. */
async function sale(finish: boolean): Promise<{ view: SellerEpisodeView; reset: SellerResetResponse }> {
  const reset = await call<SellerResetResponse>("/reset", {
    role: "seller",
    task: "sell_tough_buyer@1",
    seed: 12,
    buyer: "boulware@1",
  });
  const ask = reset.observation.brief.ask_price;
  for (const price of [ask, ask]) {
    await call("/step", {
      session_id: reset.session_id,
      action: { action_type: "counter", price, message: `<b>${price}</b>, hand-made.` },
    });
  }
  if (finish) await call("/step", { session_id: reset.session_id, action: { action_type: "accept" } });
  const view = await call<SellerEpisodeView>(
    `/episodes/${reset.episode_id}`,
    undefined,
    finish ? undefined : reset.session_id,
  );
  return { view, reset };
}

describe("sellerReplayModel", () => {
  it("a live sale: every round so far from the seller's chair, its own numbers, never the buyer's budget", async () => {
    const { view, reset } = await sale(false);
    expect(view.visibility).toBe("public");
    const m = sellerReplayModel(view);
    expect(m.budget).toBeNull();
    expect(m.hidden).toEqual({
      cost: reset.observation.brief.cost,
      reservation: reset.observation.brief.reservation,
    });
    expect(m.frames.map((f) => f.round)).toEqual([0, 1, 2, 3]);
    expect(m.frames.at(-1)?.dialogue.map((t) => t.speaker)).toEqual([
      "seller",
      "buyer",
      "seller",
      "buyer",
      "seller",
      "buyer",
    ]);
    expect(m.branchRounds).toEqual([1, 2]);
    expect(m.deal).toBeNull();
    const facts = Object.fromEntries(sellerFacts(view, m));
    expect(facts["Buyer's budget"]).toBe("hidden until the sale is over");
    expect(facts.Buyer).toBe("boulware@1");
    const svg = renderPriceChart({
      id: "c",
      maxRounds: m.maxRounds,
      budget: m.budget,
      you: "seller",
      sellerAsks: [],
      buyerOffers: [],
      deal: null,
      hidden: m.hidden,
    });
    expect(svg).not.toContain("chart-budget");
    expect(svg).toContain("Your floor is");
  });

  it("a finished sale: the outcome, bonus and score the server recorded, and the buyer's revealed budget", async () => {
    const { view } = await sale(true);
    expect(view.visibility).toBe("full");
    const m = sellerReplayModel(view);
    const started = view.events?.[0];
    expect(started?.type === "episode_started" ? started.spec.buyer_budget : null).toBe(m.budget);
    expect(m.deal).toEqual({ round: 3, price: view.seller_result?.agreed_price });
    expect(m.frames[1]?.tells).not.toBeNull();
    const facts = Object.fromEntries(sellerFacts(view, m));
    expect(facts.Outcome).toMatch(/^deal at ₹/);
    expect(facts.Score).toBe(view.seller_result?.score.toFixed(3));
    expect(facts.Bonus).toMatch(/^₹/);
    expect(facts["Buyer's budget"]).toMatch(/^₹/);
  });

  it("a what-if from the seller's chair: a seller move, both outcomes, the buyer named as such", async () => {
    const { view } = await sale(true);
    const made = whatIfBody("seller", {
      round: 2,
      move: "walk",
      price: Number.NaN,
      message: "<i>no</i>",
      repeat: false,
    });
    expect(made).toEqual({
      body: { from_round: 2, action: { action_type: "walk", message: "<i>no</i>" }, continuation: "greedy" },
    });
    if (!("body" in made)) return;
    const cf = await call<CounterfactualResult>(`/episodes/${view.episode_id}/counterfactual`, made.body);
    expect(cf.counterfactual).toMatchObject({ outcome: "walk", rounds: 2 });
    const html = renderCounterfactual(
      cf,
      sellerReplayModel(view).frames.at(-1)?.dialogue ?? [],
      new Map(),
      "Buyer",
    );
    expect(html).toContain('<span class="who">Buyer</span>');
    expect(html).toContain("&lt;i&gt;no&lt;/i&gt;");
    expect(html).not.toContain("<i>no</i>");
    expect(
      whatIfBody("seller", { round: 1, move: "counter", price: Number.NaN, message: "", repeat: true }),
    ).toEqual({
      problem: "A counter needs a price: a number of rupees, zero or more.",
    });
    expect(whatIfBody("buyer", { round: 1, move: "offer", price: 40, message: " ", repeat: true })).toEqual({
      body: { from_round: 1, action: { type: "offer", price: 40 }, continuation: "repeat" },
    });
  });
});
