import { describe, expect, it } from "vitest";
import type { SellerObservation } from "../../../env/seller-role/seller-observation";
import { scriptedSellerAgent } from "../../../tasks/seller-role/scripted-seller-agent";
import { EpisodeStore } from "../../storage/episode-store";
import { openDatabase } from "../../storage/open-database";
import type { OpenedPg } from "../../storage/pg/open-pg";
import { ageHeartbeat } from "../../storage/testing/engines";
import { pgReplicasForFile } from "../../testing/pg-replicas";
import { createSessionService, type EngineSessionService } from "../engine-session-service";

/*
 * Seller-role sessions on Postgres (the storage a multi-replica deployment uses): played, then
 * "crashed" (the process is dropped without closing anything, its lease left to expire), then
 * resumed by another replica on the same database, exactly like an uninterrupted session. The
 * mirror of the SQLite resume test beside it (seller-sessions.test.ts).
 */
const pg = pgReplicasForFile();

async function replica(url: string, id: string): Promise<{ svc: EngineSessionService; db: OpenedPg }> {
  const db = await pg.replica(url, id);
  const svc = createSessionService({
    store: db.store,
    ownership: db.leases,
    writer: db.store.defaultWriter(),
    maxSessions: 8,
    sessionTtlS: 600,
  });
  return { svc, db };
}

async function play(svc: EngineSessionService, sid: string, obs: SellerObservation, n: number, tag: string) {
  let o = obs;
  const trace: string[] = [];
  for (let k = 0; k < n && o.deal_outcome === null; k++) {
    const r = await svc.stepSeller({
      session_id: sid,
      action: scriptedSellerAgent(o),
      request_id: `${tag}${k}`,
    });
    trace.push(JSON.stringify(r));
    o = r.observation;
  }
  return { obs: o, trace };
}

const RESET = { role: "seller" as const, task: "sell_tough_buyer@1", seed: 21, episode_id: "s-pg" };

describe("seller-role sessions on Postgres", () => {
  it("resume on another replica after a crash exactly like an uninterrupted session (and like SQLite)", async () => {
    const straight = createSessionService({
      store: new EpisodeStore(openDatabase(":memory:")),
      maxSessions: 8,
      sessionTtlS: 600,
    });
    const a = await straight.resetSeller(RESET);
    const whole = await play(straight, a.session_id, a.observation, 50, "s");
    expect(whole.trace.length).toBeGreaterThan(2);

    const url = await pg.freshDatabase("seller_role_resume");
    const first = await replica(url, "a");
    const b = await first.svc.resetSeller(RESET);
    expect(b.session_id).toMatch(/^a\./);
    const half = await play(first.svc, b.session_id, b.observation, 2, "h");
    // The crash: replica "a" is dropped as it stands (nothing closed, its lease left behind).
    await ageHeartbeat(url, "a");
    const second = await replica(url, "b");
    expect(second.svc.capacity().active_sessions).toBe(0);
    const rest = await play(second.svc, b.session_id, half.obs, 50, "r");
    const replace = (t: string) => t.replaceAll(b.session_id, a.session_id);
    expect([...half.trace, ...rest.trace].map(replace)).toEqual(whole.trace);
    expect(second.svc.scoreOf(b.session_id)).toEqual({
      ...straight.scoreOf(a.session_id),
      session_id: b.session_id,
    });
    // A step the crashed replica had answered is remembered across it (request_id idempotency).
    const again = await second.svc.stepSeller({
      session_id: b.session_id,
      action: { action_type: "walk" },
      request_id: "h0",
    });
    expect(JSON.stringify(again)).toBe(half.trace[0]);
    // The finished sale reads back from Postgres with the buyer's budget revealed, and branches.
    const view = second.svc.episodeOf("s-pg");
    expect(view).toMatchObject({ role: "seller", visibility: "full", status: "finished" });
    const cf = await second.svc.counterfactual("s-pg", { from_round: 1, action: { action_type: "walk" } });
    expect(cf.counterfactual).toMatchObject({ outcome: "walk", rounds: 1 });
  });
});
