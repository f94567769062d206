import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { stepRun } from "../../env/run";
import { openRun } from "../../tasks/open-run";
import { EpisodeStore } from "./episode-store";
import { MIGRATIONS, migrate, schemaVersion } from "./migrations";
import { openDatabase } from "./open-database";

describe("storage", () => {
  it("creates the file and its directory, in WAL mode, at the latest schema version; migrating twice is a no-op", () => {
    const dir = mkdtempSync(join(tmpdir(), "bazaar-store-"));
    try {
      const path = join(dir, "nested", "b.db");
      const db = openDatabase(path);
      expect(db.pragma("journal_mode", { simple: true })).toBe("wal");
      expect(schemaVersion(db)).toBe(MIGRATIONS.at(-1)?.version);
      db.close();
      const again = new Database(path);
      expect(migrate(again)).toBe(MIGRATIONS.at(-1)?.version);
      expect((again.prepare("SELECT COUNT(*) AS n FROM schema_version").get() as { n: number }).n).toBe(
        MIGRATIONS.length,
      );
      again.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("refuses a database from a newer build", () => {
    const db = new Database(":memory:");
    migrate(db);
    db.prepare("INSERT INTO schema_version (version) VALUES (999)").run();
    expect(() => migrate(db)).toThrow(/newer than this build/);
  });

  it("stores an episode with its log and reads it back exactly", () => {
    const store = new EpisodeStore(openDatabase(":memory:"));
    const run = openRun("single_deal", { seed: 4, episodeId: "st-1" });
    const e = run.episode;
    const key = store.write((b) =>
      b.insertEpisode(e, { sessionId: null, run: 1, engineVersion: "t", now: 0 }),
    );
    const before = e.events.length;
    stepRun(run, { type: "walk" });
    store.write((b) => b.appendEvents(key, before, e.events).finishEpisode(key, e));
    const back = store.episode("st-1");
    expect(back?.events).toEqual(JSON.parse(JSON.stringify(e.events)));
    expect(back).toMatchObject({ status: "finished", outcome: "walk", record: e.record });
    expect(store.counts()).toEqual({ sessions: 0, episodes: 1, events: 2, step_results: 0 });
  });

  it("upgrades a v1 file (one row per event) in place: logs read back the same, the events view still lists each event", () => {
    const dir = mkdtempSync(join(tmpdir(), "bazaar-store-"));
    try {
      const path = join(dir, "v1.db");
      const run = openRun("single_deal", { seed: 9, episodeId: "old-1" });
      stepRun(run, { type: "offer", price: 10, message: "hi" });
      stepRun(run, { type: "walk" });
      const events = JSON.parse(JSON.stringify(run.episode.events)) as { type: string }[];
      const v1 = new Database(path);
      v1.exec("CREATE TABLE schema_version (version INTEGER NOT NULL)");
      v1.exec(MIGRATIONS[0]?.sql ?? "");
      v1.prepare("INSERT INTO schema_version (version) VALUES (1)").run();
      v1.prepare(
        `INSERT INTO episodes (key, id, session_id, run, task, task_version, seller_id, seller_version, seller_hash,
           engine_version, seed, episode_index, spec, status, outcome, record, branched_from, from_round, created_at)
         VALUES (1, 'old-1', NULL, 1, 'single_deal', '1', 's', 1, 'h', 'e', 9, 1, '{}', 'finished', 'walk', NULL, NULL, NULL, 0)`,
      ).run();
      const ins = v1.prepare("INSERT INTO events (episode_key, seq, type, json) VALUES (1, ?, ?, ?)");
      for (const [i, ev] of events.entries()) ins.run(i, ev.type, JSON.stringify(ev));
      v1.close();

      const store = new EpisodeStore(openDatabase(path));
      expect(schemaVersion(store.db)).toBe(MIGRATIONS.at(-1)?.version);
      expect(store.episode("old-1")?.events).toEqual(events);
      expect(store.counts().events).toBe(events.length);
      const rows = store.db
        .prepare("SELECT seq, type, json FROM events WHERE episode_key = 1 ORDER BY seq")
        .all();
      expect(rows).toEqual(events.map((ev, i) => ({ seq: i, type: ev.type, json: JSON.stringify(ev) })));
      store.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("stores a step's events as one row and reads a log spread over several rows in order", () => {
    const store = new EpisodeStore(openDatabase(":memory:"));
    const run = openRun("single_deal", { seed: 5, episodeId: "st-3" });
    const e = run.episode;
    const key = store.write((b) =>
      b.insertEpisode(e, { sessionId: null, run: 1, engineVersion: "t", now: 0 }),
    );
    for (const price of [10, 12, 14]) {
      const before = e.events.length;
      stepRun(run, { type: "offer", price, message: "more?" });
      store.write((b) => b.appendEvents(key, before, e.events));
    }
    expect(store.db.prepare("SELECT COUNT(*) AS n FROM event_batches").get()).toEqual({ n: 4 });
    expect(store.episode("st-3")?.events).toEqual(JSON.parse(JSON.stringify(e.events)));
    expect(store.counts().events).toBe(e.events.length);
  });

  it("a batch with a failing write stores nothing of the batch", () => {
    const store = new EpisodeStore(openDatabase(":memory:"));
    const run = openRun("single_deal", { seed: 4, episodeId: "st-2" });
    const b = store.batch();
    const key = b.insertEpisode(run.episode, { sessionId: null, run: 1, engineVersion: "t", now: 0 });
    // The same event row twice breaks the (episode_key, seq) unique index after the episode row went in.
    b.appendEvents(key, 0, run.episode.events);
    expect(() => store.apply(b.ops)).toThrow(/UNIQUE/);
    expect(store.counts()).toEqual({ sessions: 0, episodes: 0, events: 0, step_results: 0 });
  });

  it("hands out episode keys after the largest stored one, also after reopening the file", () => {
    const dir = mkdtempSync(join(tmpdir(), "bazaar-store-"));
    try {
      const path = join(dir, "keys.db");
      const meta = { sessionId: null, run: 1, engineVersion: "t", now: 0 };
      const first = new EpisodeStore(openDatabase(path));
      const k1 = first.write((b) =>
        b.insertEpisode(openRun("single_deal", { seed: 1, episodeId: "k-1" }).episode, meta),
      );
      const k2 = first.write((b) =>
        b.insertEpisode(openRun("single_deal", { seed: 2, episodeId: "k-2" }).episode, meta),
      );
      expect(k2).toBe(k1 + 1);
      first.close();
      const again = new EpisodeStore(openDatabase(path));
      const k3 = again.write((b) =>
        b.insertEpisode(openRun("single_deal", { seed: 3, episodeId: "k-3" }).episode, meta),
      );
      expect(k3).toBe(k2 + 1);
      expect(again.episode("k-3")?.key).toBe(k3);
      again.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
