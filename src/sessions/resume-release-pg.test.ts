import { describe, expect, it } from "vitest";
import { ageHeartbeat } from "../storage/testing/engines";
import { pgReplicasForFile } from "../testing/pg-replicas";
import { rejection } from "../testing/rejection";
import { createSessionService, type EngineSessionService } from "./engine-session-service";
import { ServiceError } from "./service-error";

/*
 * A replica that takes over an orphaned session but cannot rebuild it (here: it is full) must
 * not keep the lease: while it lives, every other replica would be refused the session.
 */
const pg = pgReplicasForFile();

async function replica(url: string, id: string, maxSessions: number): Promise<EngineSessionService> {
  const db = await pg.replica(url, id);
  return createSessionService({
    store: db.store,
    ownership: db.leases,
    writer: db.store.defaultWriter(),
    maxSessions,
    sessionTtlS: 600,
  });
}

describe("a resume that fails after taking the lease", () => {
  it("hands the lease back, so a replica with room resumes the session", async () => {
    const url = await pg.freshDatabase("resume_release");
    const a = await replica(url, "a", 8);
    const full = await replica(url, "b", 1);
    const roomy = await replica(url, "c", 8);
    const orphan = await a.reset({ task: "single_deal", seed: 3, episode_id: "rr-1" });
    await a.step({ session_id: orphan.session_id, action: { type: "offer", price: 30 } });
    await full.reset({ task: "single_deal", seed: 4, episode_id: "rr-2" });
    await ageHeartbeat(url, "a");

    const offer = { session_id: orphan.session_id, action: { type: "offer" as const, price: 35 } };
    const refused = await rejection(full.step(offer), ServiceError);
    expect(refused.code).toBe("CAPACITY_REACHED");
    // The full replica does not keep the session from the one that has room.
    const resumed = await roomy.step(offer);
    expect(resumed.observation.current_round).toBe(2);
    // And now the session is the resuming replica's: the full one is refused while it lives.
    expect((await rejection(full.step(offer), ServiceError)).code).toBe("SESSION_ELSEWHERE");
  });
});
