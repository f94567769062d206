import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../testing/test-server";
import { CounterfactualResponse } from "../../wire/counterfactual";
import { SellerEpisodeView } from "../../wire/seller-role";

let srv: TestServer;
beforeAll(async () => {
  srv = await startTestServer();
});
afterAll(async () => {
  await srv.close();
});

/** A seller-role episode played to its end over HTTP: hold a little above the floor, accept in the last round. */
async function playedSale(episodeId: string, buyer: string, seed: number): Promise<string> {
  const r = await srv.post("/reset", { role: "seller", seed, buyer, episode_id: episodeId });
  expect(r.status).toBe(200);
  let obs = r.body.observation;
  let done = r.body.done;
  for (let i = 0; !done && i < 30; i++) {
    const quote = Math.max(obs.brief.reservation + 1, obs.own_last_quote - 5);
    const action =
      obs.rounds_remaining <= 1
        ? { action_type: "accept" }
        : { action_type: "counter", price: quote, message: `${quote} and it is yours.` };
    const s = await srv.post("/step", { session_id: r.body.session_id, action });
    obs = s.body.observation;
    done = s.body.done;
  }
  return r.body.session_id;
}

describe("POST /episodes/:id/counterfactual on a seller-role episode", () => {
  it("branches with a seller move, stores the branch as a seller-role episode, and is deterministic", async () => {
    await playedSale("sale-cf-1", "rule-smart@1", 8);
    const original = SellerEpisodeView.parse((await srv.get("/episodes/sale-cf-1")).body);
    expect(original.seller_result).not.toBeNull();
    const body = { from_round: 1, action: { action_type: "walk", message: "Changed my mind." } };
    const a = await srv.post("/episodes/sale-cf-1/counterfactual", body);
    expect(a.status).toBe(200);
    const cf = CounterfactualResponse.parse(a.body);
    expect(cf.branched_from).toBe("sale-cf-1");
    expect(cf.original).toEqual({
      outcome: original.seller_result?.outcome,
      agreed_price: original.seller_result?.agreed_price,
      rounds: original.seller_result?.rounds_taken,
      score: original.seller_result?.score,
    });
    expect(cf.counterfactual).toMatchObject({ outcome: "walk", agreed_price: null, rounds: 1, score: 0 });
    expect(cf.history.at(-1)).toMatchObject({ speaker: "seller", message: "Changed my mind." });
    const branch = SellerEpisodeView.parse((await srv.get(`/episodes/${cf.episode_id}`)).body);
    expect(branch).toMatchObject({ role: "seller", visibility: "full", buyer: original.buyer });
    expect(branch.seller_result?.outcome).toBe("walk");

    const again = await srv.post("/episodes/sale-cf-1/counterfactual", {
      from_round: 1,
      action: { action_type: "counter", price: original.seller_view.brief.ask_price },
      continuation: "repeat",
    });
    const twice = await srv.post("/episodes/sale-cf-1/counterfactual", {
      from_round: 1,
      action: { action_type: "counter", price: original.seller_view.brief.ask_price },
      continuation: "repeat",
    });
    expect(again.status).toBe(200);
    expect(again.body.episode_id).not.toBe(twice.body.episode_id);
    expect({ ...again.body, episode_id: "" }).toEqual({ ...twice.body, episode_id: "" });
  });

  it("refuses while the sale is being played (409), without naming the buyer's budget", async () => {
    const r = await srv.post("/reset", { role: "seller", seed: 3, episode_id: "sale-cf-live" });
    const cf = await srv.post("/episodes/sale-cf-live/counterfactual", {
      from_round: 1,
      action: { action_type: "accept" },
    });
    expect(cf.status).toBe(409);
    expect(cf.body.error.code).toBe("EPISODE_NOT_OVER");
    expect(cf.text).not.toMatch(/budget|deadline/);
    await srv.post("/step", { session_id: r.body.session_id, action: { action_type: "walk" } });
  });

  it("bad input is a clear 4xx that stores nothing", async () => {
    await playedSale("sale-cf-2", "boulware@1", 4);
    const before = (await srv.get("/episodes?limit=100")).body.episodes.length;
    const buyerMove = await srv.post("/episodes/sale-cf-2/counterfactual", {
      from_round: 1,
      action: { type: "offer", price: 5 },
    });
    expect(buyerMove.status).toBe(422);
    expect(buyerMove.body.error.message).toContain("action_type");
    const late = await srv.post("/episodes/sale-cf-2/counterfactual", {
      from_round: 99,
      action: { action_type: "accept" },
    });
    expect(late.status).toBe(422);
    expect(late.body.error.message).toMatch(/seller replies in rounds 1/);
    const badType = await srv.post("/episodes/sale-cf-2/counterfactual", {
      from_round: 1,
      action: { action_type: "haggle" },
    });
    expect(badType.status).toBe(422);
    const unknown = await srv.post("/episodes/nope/counterfactual", {
      from_round: 1,
      action: { action_type: "walk" },
    });
    expect(unknown.status).toBe(404);
    await srv
      .post("/reset", { seed: 2, episode_id: "buy-cf-1" })
      .then((r) => srv.post("/step", { session_id: r.body.session_id, action: { type: "walk" } }));
    const sellerMoveOnBuyer = await srv.post("/episodes/buy-cf-1/counterfactual", {
      from_round: 1,
      action: { action_type: "walk" },
    });
    expect(sellerMoveOnBuyer.status).toBe(422);
    expect(sellerMoveOnBuyer.body.error.message).toContain('"type"');
    expect((await srv.get("/episodes?limit=100")).body.episodes.length).toBe(before + 1);
  });

  it("an episode played against an LLM buyer can be read but not branched (409): the model cannot say it again", async () => {
    // No model server answers here: the LLM buyer's fallback played, but the release is still a model's.
    const r = await srv.post("/reset", {
      role: "seller",
      seed: 2,
      buyer: "llm-ollama:x@1",
      episode_id: "sale-cf-llm",
    });
    await srv.post("/step", { session_id: r.body.session_id, action: { action_type: "walk" } });
    const cf = await srv.post("/episodes/sale-cf-llm/counterfactual", {
      from_round: 1,
      action: { action_type: "accept" },
    });
    expect(cf.status).toBe(409);
    expect(cf.body.error.message).toMatch(/not a code buyer release; it can be read but not branched/);
  });
});
