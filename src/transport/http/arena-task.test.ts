import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BuyerActedEvent, EpisodeEvent } from "../../../env/events";
import type { Observation } from "../../../env/observation";
import { actionFromEvent } from "../../../env/replay";
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
/** The golden run on which the scripted buyer is sold out in round 6. */
const golden = JSON.parse(
  readFileSync(
    new URL("../../../tasks/golden/fixtures/marketplace_arena@4.151.json", import.meta.url),
    "utf8",
  ),
) as { observations: Observation[]; events: EpisodeEvent[][] };
const moves = (golden.events[0] ?? []).filter((e): e is BuyerActedEvent => e.type === "buyer_acted");

describe("marketplace_arena@4 over the public API (served like any task: only the catalog changed)", () => {
  it("POST /reset and /step play the golden run byte for byte, to the sell-out; the field stays hidden until the end", async () => {
    const r = await srv.post("/reset", { task: TASK, seed: 151 });
    expect(r.status).toBe(200);
    expect(r.body.info).toMatchObject({ task_id: "marketplace_arena", task_version: "4" });
    expect(r.body.observation.market).toEqual({ units_total: 2, units_left: 2, sales: [] });
    expect(r.text).not.toContain("rival");
    const sid = r.body.session_id;
    const eid = r.body.episode_id;
    const seen: Observation[] = [];
    for (const ev of moves) {
      const step = await srv.post("/step", { session_id: sid, action: actionFromEvent(ev) });
      expect(step.status).toBe(200);
      expect(step.text).not.toContain("rival");
      seen.push(step.body.observation);
      if (!step.body.done) {
        const st = await srv.get(`/state?session_id=${sid}`);
        expect(st.body.hidden).toBeNull();
        expect(st.text).not.toContain("rival");
      }
    }
    expect(seen).toEqual(golden.observations);
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
    const r = await srv.post("/reset", { task: TASK, seed: 151 });
    for (const ev of moves)
      await srv.post("/step", { session_id: r.body.session_id, action: actionFromEvent(ev) });
    const first = moves[0] as BuyerActedEvent;
    const same = await srv.post(`/episodes/${r.body.episode_id}/counterfactual`, {
      from_round: 1,
      action: actionFromEvent(first),
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
    const b = await srv.post("/batch/reset", { count: 2, seeds: [151, 0], task: TASK });
    expect(b.status).toBe(200);
    for (const x of b.body.results) expect(x.observation.market.units_left).toBeGreaterThanOrEqual(1);
    const ws = await WsProbe.open(`${srv.url.replace("http", "ws")}/ws`);
    const frame = await ws.ask({ type: "reset", data: { task_id: TASK, seed: 151 } });
    ws.close();
    expect(frame.type).toBe("observation");
    const opened = frame.data as { observation: Observation };
    expect(opened.observation.market).toEqual({ units_total: 2, units_left: 2, sales: [] });
    const res = await fetch(`${srv.url}/mcp`, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json, text/event-stream" },
      body: JSON.stringify({
        jsonrpc: "2.0",
        id: 1,
        method: "tools/call",
        params: { name: "new_negotiation", arguments: { task: TASK, seed: 151 } },
      }),
    });
    const reply = (await res.json()) as {
      result: { structuredContent: { info: { task_version: string }; observation: Observation } };
    };
    expect(reply.result.structuredContent.info.task_version).toBe("4");
    expect(reply.result.structuredContent.observation.market?.units_total).toBe(2);
  });
});
