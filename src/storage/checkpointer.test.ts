import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { AUTO_CHECKPOINT_PAGES, startCheckpointer } from "./checkpointer";
import { EpisodeStore } from "./episode-store";
import { GroupCommit } from "./group-commit";
import { openDatabase } from "./open-database";
import type { StoreWriter } from "./store-writer";
import { startWorkerWriter } from "./worker-writer";

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function fileStore(): EpisodeStore {
  const dir = mkdtempSync(join(tmpdir(), "bazaar-ckpt-"));
  dirs.push(dir);
  return new EpisodeStore(openDatabase(join(dir, "c.db")));
}

/** Frames in the WAL right now (a PASSIVE checkpoint reports them and changes nothing we test). */
const walFrames = (store: EpisodeStore): number =>
  (store.db.pragma("wal_checkpoint(PASSIVE)") as { log: number }[])[0]?.log ?? -1;

/** One ~3 KB event row: about a page of WAL per commit. */
const bigRow = (store: EpisodeStore, i: number) =>
  store.batch().appendEvents(
    1,
    i,
    Array.from({ length: i + 1 }, () => ({ pad: "x".repeat(3000) }) as never),
  ).ops;

/** 300 commits: hundreds of WAL frames, past the tests' restart threshold and under SQLite's own. */
async function fillWal(store: EpisodeStore, writer: StoreWriter): Promise<void> {
  for (let i = 0; i < 300; i++) await writer.commit(bigRow(store, i));
}

function caughtUpSignal() {
  let caughtUp!: () => void;
  const reached = new Promise<void>((r) => {
    caughtUp = r;
  });
  return { reached, caughtUp };
}

const WRITERS: [string, (store: EpisodeStore) => StoreWriter][] = [
  ["commits on the event loop", (store) => new GroupCommit(store)],
  [
    "commits on the writer thread",
    (store) => {
      const w = startWorkerWriter(store);
      if (w === null) throw new Error("a file database gets a writer thread");
      return w;
    },
  ],
];

describe("background checkpoints", () => {
  it.each(WRITERS)("copy the WAL off the event loop and let it restart (%s)", async (_kind, makeWriter) => {
    const store = fileStore();
    const writer = makeWriter(store);
    await fillWal(store, writer);
    const { reached, caughtUp } = caughtUpSignal();
    const errors: unknown[] = [];
    const ckpt = startCheckpointer(store.db, {
      writer,
      intervalMs: 10,
      restartFrames: 200,
      onCaughtUp: () => caughtUp(),
      onError: (e) => errors.push(e),
    });
    expect(ckpt).not.toBeNull();
    await reached;
    // The writer copied the remainder between two commits, so this commit starts the WAL over:
    // a handful of frames instead of the hundreds written above.
    await writer.commit(bigRow(store, 300));
    expect(walFrames(store)).toBeLessThan(20);
    expect((store.db.prepare("SELECT COUNT(*) AS n FROM event_batches").get() as { n: number }).n).toBe(301);
    await ckpt?.stop();
    await writer.close();
    expect(errors).toEqual([]);
    store.close();
  });

  it("turn SQLite's own checkpoints off on the writing connection while running, and back on when stopped", async () => {
    const store = fileStore();
    const ckpt = startCheckpointer(store.db, { writer: new GroupCommit(store) });
    expect(store.db.pragma("wal_autocheckpoint", { simple: true })).toBe(0);
    await ckpt?.stop();
    expect(store.db.pragma("wal_autocheckpoint", { simple: true })).toBe(AUTO_CHECKPOINT_PAGES);
    store.close();
  });

  it("is not started for an in-memory database", () => {
    const store = new EpisodeStore(openDatabase(":memory:"));
    expect(startCheckpointer(store.db, { writer: new GroupCommit(store) })).toBeNull();
    store.close();
  });
});
