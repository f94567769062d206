import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SellerObservation } from "../../../env/seller-role/seller-observation";
import { startTestServer, type TestServer } from "../../testing/test-server";
import { WsProbe } from "../../testing/ws-probe";
import {
  SellerEpisodeView,
  SellerPublicState,
  SellerScoreResponse,
  SellerStepResponse,
} from "../../wire/seller-role";

let srv: TestServer;
beforeAll(async () => {
  srv = await startTestServer();
});
afterAll(async () => {
  await srv.close();
});

/** A plain seller: concede 4 % of the ask per counter down to its floor, take the last round's offer if above it. */
function move(obs: SellerObservation) {
  const floor = obs.brief.reservation;
  if (obs.rounds_remaining <= 1)
    return (obs.buyer_last_offer ?? 0) >= floor
      ? { action_type: "accept" as const, message: "Theek hai." }
      : { action_type: "walk" as const, message: "Nahi hoga." };
  const price =
    Math.round(Math.max(floor * 1.05, obs.own_last_quote - 0.04 * obs.brief.ask_price) * 100) / 100;
  return { action_type: "counter" as const, price, message: `Best is ${price}.` };
}

const state = async (sid: string) =>
  SellerPublicState.parse((await srv.get(`/state?session_id=${sid}`)).body);
const episode = async (id: string, sid: string) =>
  SellerEpisodeView.parse(
    await (await fetch(`${srv.url}/episodes/${id}`, { headers: { "x-session-id": sid } })).json(),
  );

describe("the seller-role career over HTTP and WS", () => {
  it("plays five deals; the buyer's numbers stay hidden until the whole run is over", async () => {
    const reset = await srv.post("/reset", {
      role: "seller",
      task: "sell_career_5@1",
      seed: 3,
      episode_id: "sc-3",
    });
    expect(reset.status).toBe(200);
    const sid = reset.body.session_id as string;
    let obs = reset.body.observation as SellerObservation;
    expect(obs.career).toEqual({ episode_number: 1, total_episodes: 5, past: [] });
    const seen: SellerObservation[] = [obs];
    let ended = 0;
    for (let done = false, i = 0; !done && i < 100; i++) {
      const r = await srv.post("/step", { session_id: sid, action: move(obs) });
      expect(r.status).toBe(200);
      const body = SellerStepResponse.parse(r.body);
      obs = body.observation;
      seen.push(obs);
      done = body.done;
      if (body.info.episode_done === true && !done) {
        ended += 1;
        // A deal is over but the run is not: the same buyer plays on, so nothing of it shows.
        expect((await state(sid)).hidden).toBeNull();
        const past = await episode(body.info.episode_id, sid);
        expect(past.visibility).toBe("public");
        expect(past.events).toBeNull();
        expect(JSON.stringify(past)).not.toMatch(/buyer_budget|buyer_deadline/);
        expect(JSON.stringify(body)).not.toMatch(/buyer_budget/);
        expect(obs.career?.episode_number).toBe(ended + 1);
        // The reply names the deal now being played; its info names the one that just ended.
        expect(body.episode_id).toBe(`sc-3-${ended + 1}`);
        expect(body.info.episode_id).toBe(ended === 1 ? "sc-3" : `sc-3-${ended}`);
      }
    }
    expect(ended).toBe(4);
    const over = await state(sid);
    expect(over.hidden?.buyer_budget).toBeGreaterThan(0);
    const first = await episode("sc-3", sid);
    expect(first.visibility).toBe("full");
    expect(first.events?.[0]).toMatchObject({ type: "episode_started", buyer: { id: "career-smart" } });
    const score = SellerScoreResponse.parse((await srv.get(`/score?session_id=${sid}`)).body);
    expect(score).toMatchObject({ task: "sell_career_5@1", episodes_completed: 5, total_episodes: 5 });

    // The same career over OpenEnv's WebSocket frames sees byte-identical observations.
    const ws = await WsProbe.open(`${srv.url.replace(/^http/, "ws")}/ws`);
    try {
      const r0 = await ws.ask({ type: "reset", data: { role: "seller", task: "sell_career_5@1", seed: 3 } });
      let wobs = r0.data.observation as SellerObservation;
      const wseen = [wobs];
      for (let done = false, i = 0; !done && i < 100; i++) {
        const r = await ws.ask({ type: "step", data: move(wobs) });
        expect(r.type).toBe("observation");
        wobs = r.data.observation as SellerObservation;
        wseen.push(wobs);
        done = r.data.done as boolean;
      }
      expect(JSON.stringify(wseen)).toBe(JSON.stringify(seen));
      const wstate = await ws.ask({ type: "state" });
      expect(wstate.data).toMatchObject({ role: "seller", task: "sell_career_5@1" });
    } finally {
      ws.close();
    }
  });
});
