import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { EpisodeStore } from "../storage/episode-store";
import { openDatabase } from "../storage/open-database";
import { testBuyer } from "../testing/buyer";
import { createSessionService } from "./engine-session-service";
import { REQUEST_IDS_KEPT, rememberStep } from "./idempotency";

/** A real SQLite store that counts how often the step path asks it for a stored answer. */
class CountingStore extends EpisodeStore {
  lookups = 0;
  override stepResult(sessionId: string, requestId: string): string | undefined {
    this.lookups++;
    return super.stepResult(sessionId, requestId);
  }
}

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});
function dbFile(): string {
  const d = mkdtempSync(join(tmpdir(), "bazaar-idem-"));
  dirs.push(d);
  return join(d, "e.db");
}

describe("idempotent steps", () => {
  it("a session created here steps new request ids without a storage read, and a retry is answered from storage", async () => {
    const store = new CountingStore(openDatabase(":memory:"));
    const svc = createSessionService({ store, maxSessions: 8, sessionTtlS: 600 });
    const r = await svc.reset({ task: "career_10", seed: 4 });
    const first = await svc.step({
      session_id: r.session_id,
      action: testBuyer(r.observation, 0),
      request_id: "a",
    });
    await svc.step({
      session_id: r.session_id,
      action: testBuyer(first.observation, first.observation.current_round),
      request_id: "b",
    });
    expect(store.lookups).toBe(0);
    const steps = svc.state(r.session_id).step_count;
    const again = await svc.step({ session_id: r.session_id, action: { type: "walk" }, request_id: "a" });
    expect(again).toEqual(first);
    expect(store.lookups).toBe(1);
    expect(svc.state(r.session_id).step_count).toBe(steps);
  });

  it("a session loaded from storage asks storage, so an answer stored by another process is found", async () => {
    const file = dbFile();
    const one = new CountingStore(openDatabase(file));
    const svc = createSessionService({ store: one, maxSessions: 8, sessionTtlS: 600 });
    const r = await svc.reset({ task: "career_10", seed: 4 });
    const first = await svc.step({
      session_id: r.session_id,
      action: testBuyer(r.observation, 0),
      request_id: "a",
    });
    svc.detachAll();
    const two = new CountingStore(openDatabase(file));
    const other = createSessionService({ store: two, maxSessions: 8, sessionTtlS: 600 });
    const again = await other.step({ session_id: r.session_id, action: { type: "walk" }, request_id: "a" });
    expect(again).toEqual(first);
    await other.step({
      session_id: r.session_id,
      action: testBuyer(first.observation, first.observation.current_round),
      request_id: "b",
    });
    expect(two.lookups).toBe(2);
    one.db.close();
    two.db.close();
  });

  it("stops remembering ids past the cap and falls back to storage", () => {
    const store = new EpisodeStore(openDatabase(":memory:"));
    const s = { id: "s", requestIds: new Set<string>() as Set<string> | null };
    const res = { observation: {} } as unknown as Parameters<typeof rememberStep>[3];
    for (let k = 0; k < REQUEST_IDS_KEPT; k++) rememberStep(store.batch(), s as never, `q${k}`, res);
    expect(s.requestIds?.size).toBe(REQUEST_IDS_KEPT);
    rememberStep(store.batch(), s as never, "one-more", res);
    expect(s.requestIds).toBeNull();
  });
});
