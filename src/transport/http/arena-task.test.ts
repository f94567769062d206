import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Action } from "../../../env/action";
import type { Observation } from "../../../env/observation";
import { runComplete, stepRun } from "../../../env/run";
import { openRun } from "../../../tasks/open-run";
import { startTestServer, type TestServer } from "../../testing/test-server";
import { WsProbe } from "../../testing/ws-probe";

let srv: TestServer;
beforeAll(async () => {
  srv = await startTestServer();
});
afterAll(async () => {
  await srv.close();
});

const TASK = "marketplace_arena@4";
/** Seed 4: this buyer (30 % of the ask, then +8 % a round) is sold out in round 6. */
const SEED = 4;

/** The same run played in-process: the reference every transport must reproduce. */
function reference(): { actions: Action[]; observations: Observation[] } {
  const run = openRun(TASK, { seed: SEED, episodeId: "ref" });
  const actions: Action[] = [];
  const observations: Observation[] = [];
  let price = 0.3 * run.episode.anchor;
  while (!runComplete(run)) {
    const action: Action = { type: "offer", price: Math.round(price * 100) / 100, message: "" };
    const r = stepRun(run, action);
    actions.push(action);
    observations.push(r.observation);
    if (r.done) break;
    price *= 1.08;
  }
  return { actions, observations };
}
const ref = reference();

describe("marketplace_arena@4 over the public API (served like any task: only the catalog changed)", () => {
  it("POST /reset and /step play the in-process run byte for byte, to the sell-out; the field stays hidden until the end", async () => {
    const r = await srv.post("/reset", { task: TASK, seed: SEED });
    expect(r.status).toBe(200);
    expect(r.body.info).toMatchObject({ task_id: "marketplace_arena", task_version: "4" });
    const units = r.body.observation.market.units_total;
    expect(r.body.observation.market).toEqual({ units_total: units, units_left: units, sales: [] });
    expect(r.text).not.toContain("rival");
    const sid = r.body.session_id;
    const eid = r.body.episode_id;
    const seen: Observation[] = [];
    for (const action of ref.actions) {
      const step = await srv.post("/step", { session_id: sid, action });
      expect(step.status).toBe(200);
      expect(step.text).not.toContain("rival");
      seen.push(step.body.observation);
      if (!step.body.done) {
        const st = await srv.get(`/state?session_id=${sid}`);
        expect(st.body.hidden).toBeNull();
        expect(st.text).not.toContain("rival");
      }
    }
    expect(seen).toEqual(ref.observations);
    expect(seen.at(-1)?.deal_outcome).toBe("sold_out");
    // Over: the stored log names the field and every rival by id@version+hash.
    const ep = await srv.get(`/episodes/${eid}`);
    expect(ep.body.visibility).toBe("full");
    expect(ep.body.summary.outcome).toBe("sold_out");
    expect(ep.body.events[0].spec.market.field).toMatchObject({ id: "arena-field", version: 1 });
    expect(ep.body.events[0].spec.market.rivals.length).toBeGreaterThanOrEqual(2);
    const tasks = await srv.get("/tasks");
    const keys = tasks.body.tasks.map((t: { id: string; version: string }) => `${t.id}@${t.version}`);
    expect(keys).toEqual(expect.arrayContaining(["marketplace_arena@3", TASK]));
  });

  it("a branch of a market episode meets the same rivals: repeating the moves sells out again, accepting at once buys", async () => {
    const r = await srv.post("/reset", { task: TASK, seed: SEED });
    for (const action of ref.actions) await srv.post("/step", { session_id: r.body.session_id, action });
    const same = await srv.post(`/episodes/${r.body.episode_id}/counterfactual`, {
      from_round: 1,
      action: ref.actions[0],
      continuation: "repeat",
    });
    expect(same.status, same.text).toBe(200);
    expect(same.body.counterfactual.outcome).toBe("sold_out");
    const buy = await srv.post(`/episodes/${r.body.episode_id}/counterfactual`, {
      from_round: 1,
      action: { type: "accept" },
    });
    expect(buy.body.counterfactual.outcome).toBe("deal");
  });

  it("batch, the WebSocket reset frame and the MCP new_negotiation tool serve it too", async () => {
    const b = await srv.post("/batch/reset", { count: 2, seeds: [SEED, 0], task: TASK });
    expect(b.status).toBe(200);
    for (const x of b.body.results) expect(x.observation.market.units_left).toBeGreaterThanOrEqual(1);
    const ws = await WsProbe.open(`${srv.url.replace("http", "ws")}/ws`);
    const frame = await ws.ask({ type: "reset", data: { task_id: TASK, seed: SEED } });
    ws.close();
    expect(frame.type).toBe("observation");
    const opened = frame.data as { observation: Observation };
    expect(opened.observation.market).toEqual(
      ref.observations[0] && { ...opened.observation.market, sales: [] },
    );
    expect(opened.observation.market?.units_left).toBe(opened.observation.market?.units_total);
    const res = await fetch(`${srv.url}/mcp`, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json, text/event-stream" },
      body: JSON.stringify({
        jsonrpc: "2.0",
        id: 1,
        method: "tools/call",
        params: { name: "new_negotiation", arguments: { task: TASK, seed: SEED } },
      }),
    });
    const reply = (await res.json()) as {
      result: { structuredContent: { info: { task_version: string }; observation: Observation } };
    };
    expect(reply.result.structuredContent.info.task_version).toBe("4");
    expect(reply.result.structuredContent.observation.market?.sales).toEqual([]);
  });
});
