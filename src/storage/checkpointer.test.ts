import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { AUTO_CHECKPOINT_PAGES, startCheckpointer } from "./checkpointer";
import { openDatabase } from "./open-database";

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function fileDb() {
  const dir = mkdtempSync(join(tmpdir(), "bazaar-ckpt-"));
  dirs.push(dir);
  const db = openDatabase(join(dir, "c.db"));
  db.exec("CREATE TABLE blobs (id INTEGER PRIMARY KEY, body TEXT NOT NULL)");
  return db;
}

const walFrames = (db: ReturnType<typeof openDatabase>): number =>
  (db.pragma("wal_checkpoint(PASSIVE)") as { log: number }[])[0]?.log ?? -1;

describe("background checkpoints", () => {
  it("take checkpoints off the main connection, let the WAL restart, and hand them back on stop", async () => {
    const db = fileDb();
    let caughtUp!: () => void;
    const reached = new Promise<void>((r) => {
      caughtUp = r;
    });
    const errors: unknown[] = [];
    const ckpt = startCheckpointer(db, {
      intervalMs: 10,
      restartFrames: 200,
      onCaughtUp: () => caughtUp(),
      onError: (e) => errors.push(e),
    });
    expect(ckpt).not.toBeNull();
    expect(db.pragma("wal_autocheckpoint", { simple: true })).toBe(0);
    const insert = db.prepare("INSERT INTO blobs (body) VALUES (?)");
    for (let i = 0; i < 300; i++) db.transaction(() => insert.run("x".repeat(3000)))();
    await reached;
    // The remainder was copied between commits, so this commit starts the WAL over: a handful of
    // frames instead of the hundreds written above.
    insert.run("after");
    expect(walFrames(db)).toBeLessThan(20);
    expect((db.prepare("SELECT COUNT(*) AS n FROM blobs").get() as { n: number }).n).toBe(301);
    await ckpt?.stop();
    expect(db.pragma("wal_autocheckpoint", { simple: true })).toBe(AUTO_CHECKPOINT_PAGES);
    expect(errors).toEqual([]);
    db.close();
  });

  it("is not started for an in-memory database", () => {
    const db = openDatabase(":memory:");
    expect(startCheckpointer(db)).toBeNull();
    db.close();
  });
});
