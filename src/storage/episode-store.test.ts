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
    const key = store.insertEpisode(e, { sessionId: null, run: 1, engineVersion: "t", now: 0 });
    const before = e.events.length;
    stepRun(run, { type: "walk" });
    store.transaction(() => {
      store.appendEvents(key, before, e.events);
      store.finishEpisode(key, e);
    });
    const back = store.episode("st-1");
    expect(back?.events).toEqual(JSON.parse(JSON.stringify(e.events)));
    expect(back).toMatchObject({ status: "finished", outcome: "walk", record: e.record });
    expect(store.counts()).toEqual({ sessions: 0, episodes: 1, events: 2, step_results: 0 });
  });

  it("a failed transaction stores nothing", () => {
    const store = new EpisodeStore(openDatabase(":memory:"));
    const run = openRun("single_deal", { seed: 4, episodeId: "st-2" });
    expect(() =>
      store.transaction(() => {
        store.insertEpisode(run.episode, { sessionId: null, run: 1, engineVersion: "t", now: 0 });
        throw new Error("boom");
      }),
    ).toThrow("boom");
    expect(store.counts().episodes).toBe(0);
  });
});
