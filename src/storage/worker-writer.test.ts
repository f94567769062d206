import { mkdtempSync, renameSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { stepRun } from "../../env/run";
import { openRun } from "../../tasks/open-run";
import { EpisodeStore } from "./episode-store";
import { openDatabase } from "./open-database";
import { startWorkerWriter } from "./worker-writer";

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function fileStore(): { store: EpisodeStore; path: string } {
  const dir = mkdtempSync(join(tmpdir(), "bazaar-writer-"));
  dirs.push(dir);
  const path = join(dir, "w.db");
  return { store: new EpisodeStore(openDatabase(path)), path };
}

const meta = { sessionId: null, run: 1, engineVersion: "t", now: 0 };

function started(store: EpisodeStore) {
  const writer = startWorkerWriter(store);
  if (writer === null) throw new Error("a file database gets a writer thread");
  return writer;
}

describe("the writer thread", () => {
  it("is not used for an in-memory database (no other connection can open it)", () => {
    const store = new EpisodeStore(openDatabase(":memory:"));
    expect(startWorkerWriter(store)).toBeNull();
    store.close();
  });

  it("commits batches that the main connection reads back once the commit resolved", async () => {
    const { store } = fileStore();
    const writer = started(store);
    const run = openRun("single_deal", { seed: 3, episodeId: "w-1" });
    const b = store.batch();
    const key = b.insertEpisode(run.episode, meta);
    await writer.commit(b.ops);
    const before = run.episode.events.length;
    stepRun(run, { type: "walk" });
    await writer.commit(
      store.batch().appendEvents(key, before, run.episode.events).finishEpisode(key, run.episode).ops,
    );
    expect(store.episode("w-1")).toMatchObject({ key, status: "finished", outcome: "walk" });
    expect(store.episode("w-1")?.events).toEqual(JSON.parse(JSON.stringify(run.episode.events)));
    await writer.close();
    store.close();
  });

  it("groups what arrives together, yet a failing batch rejects alone and stores nothing of itself", async () => {
    const { store } = fileStore();
    const writer = started(store);
    const [e1, e2, e3] = [1, 2, 3].map(
      (seed) => openRun("single_deal", { seed, episodeId: `g-${seed}` }).episode,
    );
    if (e1 === undefined || e2 === undefined || e3 === undefined) throw new Error("three episodes");
    const good1 = store.batch();
    good1.insertEpisode(e1, meta);
    const bad = store.batch();
    const badKey = bad.insertEpisode(e2, meta);
    bad.appendEvents(badKey, 0, e2.events); // the same (episode_key, seq) row twice
    const good2 = store.batch();
    good2.insertEpisode(e3, meta);
    const results = await Promise.allSettled([
      writer.commit(good1.ops),
      writer.commit(bad.ops),
      writer.commit(good2.ops),
    ]);
    expect(results.map((r) => r.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
    expect(String((results[1] as PromiseRejectedResult).reason)).toMatch(/UNIQUE/);
    expect(store.episode("g-1")).toBeDefined();
    expect(store.episode("g-2")).toBeUndefined();
    expect(store.episode("g-3")).toBeDefined();
    await writer.close();
    store.close();
  });

  it("keeps commits in order, drains before closing, and refuses writes after close", async () => {
    const { store, path } = fileStore();
    const writer = started(store);
    const run = openRun("single_deal", { seed: 8, episodeId: "o-1" });
    const b = store.batch();
    const key = b.insertEpisode(run.episode, meta);
    const commits = [writer.commit(b.ops)];
    for (const price of [10, 12, 14, 16]) {
      const before = run.episode.events.length;
      stepRun(run, { type: "offer", price, message: "ok?" });
      commits.push(writer.commit(store.batch().appendEvents(key, before, run.episode.events).ops));
    }
    await writer.drain();
    const order: number[] = [];
    await Promise.all(commits.map((c, i) => c.then(() => order.push(i))));
    expect(order).toEqual([0, 1, 2, 3, 4]);
    await writer.close();
    await expect(writer.commit(store.batch().abandonEpisode(key).ops)).rejects.toThrow(/closed/);
    store.close();
    const reopened = new EpisodeStore(openDatabase(path));
    expect(reopened.episode("o-1")?.events).toEqual(JSON.parse(JSON.stringify(run.episode.events)));
    expect(reopened.episode("o-1")?.status).toBe("running");
    reopened.close();
  });

  it("falls back to the main connection when the thread cannot run, and says so once", async () => {
    const { store, path } = fileStore();
    // The thread opens the file by name: moved away, it fails at startup. The main connection
    // keeps its open handle and goes on working.
    renameSync(path, `${path}.moved`);
    const errors: unknown[] = [];
    const writer = startWorkerWriter(store, { onError: (e) => errors.push(e) });
    if (writer === null) throw new Error("a file database gets a writer thread");
    const run = openRun("single_deal", { seed: 4, episodeId: "f-1" });
    const b = store.batch();
    b.insertEpisode(run.episode, meta);
    const first = writer.commit(b.ops);
    await first.catch(() => undefined);
    // Whether the first batch was handed over before the thread died or not, later ones land.
    const again = store.batch();
    again.insertEpisode(openRun("single_deal", { seed: 5, episodeId: "f-2" }).episode, meta);
    await writer.commit(again.ops);
    expect(store.episode("f-2")).toBeDefined();
    expect(errors).toHaveLength(1);
    expect(String(errors[0])).toMatch(/store writer thread failed: SQLITE_CANTOPEN/);
    await writer.close();
    store.close();
  });
});
