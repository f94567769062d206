import { describe, expect, it } from "vitest";
import { openRun } from "../../../tasks/open-run";
import { pgReplicasForFile } from "../../testing/pg-replicas";
import { LeaseLostError, OwnershipError } from "../ownership";
import { ageHeartbeat } from "../testing/engines";
import { type OpenedPg, openPgStore } from "./open-pg";
import { ReplicaIdInUseError } from "./pg-leases";

const pg = pgReplicasForFile();
const replica = pg.replica;

const options = {
  episode_id: "l-1",
  seller: "",
  reward_mode: "shaped" as const,
  tells: true,
  history_window: 4,
  reveal_personality: null,
  timeout_s: null,
};

/** A session created by `o` (leased to it at epoch 1 in the same commit). */
async function createSession(o: OpenedPg, id: string): Promise<number> {
  const writer = o.store.defaultWriter();
  const b = o.store.batch().createSession({ id, task: "single_deal", seed: 1, options, run: 1 }, 0);
  const key = b.insertEpisode(openRun("single_deal", { seed: 1, episodeId: id }).episode, {
    sessionId: id,
    run: 1,
    engineVersion: "t",
    now: 0,
  });
  await writer.commit(b.ops, o.leases?.fence(id));
  return key;
}

describe("session leases on Postgres", () => {
  it("a second live process with the same replica id is refused; a dead one's id can be taken again", async () => {
    const url = await pg.freshDatabase("lease_ids");
    await replica(url, "a");
    await expect(openPgStore(url, { replicaId: "a" })).rejects.toThrow(ReplicaIdInUseError);
    await ageHeartbeat(url, "a");
    const again = await replica(url, "a");
    expect(again.leases?.replicaId).toBe("a");
  });

  it("a session is leased to its creator; others get 'owned elsewhere' while it lives, 'unknown' for ids nobody leased", async () => {
    const url = await pg.freshDatabase("lease_owner");
    const a = await replica(url, "a");
    const b = await replica(url, "b");
    const sid = a.leases?.newSessionId("xyz") ?? "";
    expect(sid).toBe("a.xyz");
    await createSession(a, sid);
    expect(() => b.leases?.claim(sid)).toThrow(expect.objectContaining({ kind: "owned-elsewhere" }));
    expect(() => b.leases?.claim("zz.forged")).toThrow(OwnershipError);
    expect(() => b.leases?.claim("zz.forged")).toThrow(expect.objectContaining({ kind: "unknown" }));
  });

  it("after the owner dies, another replica takes the lease at a higher epoch, and the old owner can no longer write", async () => {
    const url = await pg.freshDatabase("lease_fence");
    const a = await replica(url, "a");
    const b = await replica(url, "b");
    const sid = "a.fenced";
    const key = await createSession(a, sid);
    const stale = a.leases?.fence(sid);
    expect(stale?.epoch).toBe(1);
    await ageHeartbeat(url, "a");
    expect(b.leases?.claim(sid)).toBe(2);
    // The presumed-dead owner wakes up and tries to write: refused, nothing stored. Its write
    // shares a group commit with one under a lease it still holds: only the stale one fails.
    const kept = "a.kept";
    await createSession(a, kept);
    const late = a.store.batch().touchSession(sid, 99);
    const fine = a.store.batch().touchSession(kept, 42);
    const writer = a.store.defaultWriter();
    const [lateOutcome, fineOutcome] = await Promise.allSettled([
      writer.commit(late.ops, stale),
      writer.commit(fine.ops, a.leases?.fence(kept)),
    ]);
    expect(lateOutcome.status === "rejected" && lateOutcome.reason).toBeInstanceOf(LeaseLostError);
    expect(fineOutcome.status).toBe("fulfilled");
    expect(b.store.session(sid)?.updated_at).toBe(0);
    expect(b.store.session(kept)?.updated_at).toBe(42);
    // The new owner writes under its own epoch.
    const ok = b.store
      .batch()
      .touchSession(sid, 7)
      .finishEpisode(key, openRun("single_deal", { seed: 1, episodeId: sid }).episode);
    await b.store.defaultWriter().commit(ok.ops, b.leases?.fence(sid));
    expect(b.store.session(sid)?.updated_at).toBe(7);
    // Two replicas racing for one orphan: exactly one wins.
    await ageHeartbeat(url, "b");
    const c = await replica(url, "c");
    const d = await replica(url, "d");
    const wins = [c, d].map((r) => {
      try {
        return r.leases?.claim(sid);
      } catch {
        return null;
      }
    });
    expect(wins.filter((w) => w === 3)).toHaveLength(1);
    expect(wins.filter((w) => w === null)).toHaveLength(1);
  });

  it("a drained replica hands its sessions over at once (no TTL wait)", async () => {
    const url = await pg.freshDatabase("lease_drain");
    const a = await replica(url, "a");
    const b = await replica(url, "b");
    await createSession(a, "a.drained");
    await a.leases?.stop();
    expect(b.leases?.claim("a.drained")).toBe(2);
  });
  it("a replica that claimed a session but cannot keep it hands the lease back to its dead owner, once", async () => {
    const url = await pg.freshDatabase("lease_release");
    const a = await replica(url, "a");
    const b = await replica(url, "b");
    const c = await replica(url, "c");
    const sid = "a.released";
    await createSession(a, sid);
    await ageHeartbeat(url, "a");
    expect(b.leases?.claim(sid)).toBe(2);
    const claimed = b.leases?.fence(sid);
    // While b holds it, c is refused; once b releases it, the lease is a's (dead) again and c takes it.
    expect(() => c.leases?.claim(sid)).toThrow(expect.objectContaining({ kind: "owned-elsewhere" }));
    b.leases?.release(sid);
    const writer = b.store.defaultWriter();
    await expect(writer.commit(b.store.batch().touchSession(sid, 5).ops, claimed)).rejects.toThrow(
      LeaseLostError,
    );
    expect(c.leases?.claim(sid)).toBe(4);
    // A second release by b, or one after c took the lease, changes nothing.
    b.leases?.release(sid);
    expect(() => b.leases?.claim(sid)).toThrow(expect.objectContaining({ kind: "owned-elsewhere" }));
    // A replica releasing a lease that was already its own keeps it (nobody else could use it).
    const own = "c.own";
    await createSession(c, own);
    expect(c.leases?.claim(own)).toBe(2);
    c.leases?.release(own);
    expect(() => b.leases?.claim(own)).toThrow(expect.objectContaining({ kind: "owned-elsewhere" }));
    expect(c.leases?.claim(own)).toBe(3);
  });
});
