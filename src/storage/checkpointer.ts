import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";
import type Database from "better-sqlite3";
import type { StoreWriter } from "./store-writer";

export interface CheckpointerOptions {
  /** The connection that writes: it copies each pass's remainder between two of its commits. */
  writer: Pick<StoreWriter, "checkpoint" | "autoCheckpoint">;
  /** Pause between background passes. */
  intervalMs?: number;
  /** A pass that leaves at most this many WAL frames behind may hand the rest to the writer. */
  smallFrames?: number;
  /** ...and does so only once the WAL holds this many frames, so the writer pays rarely. */
  restartFrames?: number;
  /** The worker failed; automatic checkpoints are back on the writing connection. */
  onError?: (err: unknown) => void;
  /** Called after the writer copied a pass's remainder, so its next commit restarts the WAL. */
  onCaughtUp?: () => void;
}

export interface Checkpointer {
  /** Stop the worker and give checkpoints back to the writing connection (before closing it). */
  stop(): Promise<void>;
}

/** The fallback when no worker runs (tests, :memory: excluded): SQLite's own automatic checkpoints. */
export const AUTO_CHECKPOINT_PAGES = 1000;

/**
 * The worker is plain CommonJS evaluated from a string, so it runs the same under tsx, vitest
 * and plain node without a loader; it receives the driver's resolved path.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require("node:worker_threads");
const Database = require(workerData.driver);
const db = new Database(workerData.path, { fileMustExist: true });
db.pragma("busy_timeout = 0");
let timer = null;
let stopped = false;
const later = (ms) => { timer = setTimeout(pass, ms); };
function pass() {
  timer = null;
  if (stopped) return;
  let row;
  try {
    row = db.pragma("wal_checkpoint(PASSIVE)")[0];
  } catch (err) {
    parentPort.postMessage({ error: String(err && err.message || err) });
    return later(workerData.intervalMs);
  }
  const behind = row.log - row.checkpointed;
  if (row.log >= workerData.restartFrames && behind <= workerData.smallFrames) parentPort.postMessage("caught-up");
  else later(behind > workerData.smallFrames ? 0 : workerData.intervalMs);
}
parentPort.on("message", (m) => {
  if (m === "go" && !stopped) later(workerData.intervalMs);
  if (m === "stop") {
    stopped = true;
    if (timer !== null) clearTimeout(timer);
    db.close();
    parentPort.close();
  }
});
later(workerData.intervalMs);
`;

/**
 * WAL checkpoints off the event loop. A checkpoint copies every page written since the last one
 * back into the database file and fsyncs it; run by SQLite inside a commit it stalled the step
 * that happened to trigger it by 6–15 ms, the whole p99 budget. Here a worker thread with its
 * own connection does the bulk copy (PASSIVE, so it never blocks the writer). It cannot let the
 * WAL restart from the beginning while the writer keeps appending, so once the WAL is large
 * (restartFrames, 64 MiB by default) and a pass leaves only a few frames behind, it asks the
 * writer (StoreWriter.checkpoint), between two commits, to copy that remainder; the next commit
 * then reuses the WAL from its start, so the file stays bounded. That remainder holds commits up
 * for 2–6 ms (two fsyncs), measured, hence rarely: about once a second at full load rather than
 * on every pass.
 * Durability is unchanged: commits still append to the WAL before they resolve.
 */
export function startCheckpointer(db: Database.Database, opts: CheckpointerOptions): Checkpointer | null {
  if (db.memory) return null;
  const driver = createRequire(import.meta.url).resolve("better-sqlite3");
  const { writer } = opts;
  writer.autoCheckpoint(0);
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: {
      driver,
      path: db.name,
      intervalMs: opts.intervalMs ?? 1000,
      smallFrames: opts.smallFrames ?? 256,
      restartFrames: Math.max(1, opts.restartFrames ?? 16_384),
    },
  });
  worker.unref();
  let running = true;
  const giveBack = () => {
    if (!running) return;
    running = false;
    writer.autoCheckpoint(AUTO_CHECKPOINT_PAGES);
  };
  worker.on("message", (m: unknown) => {
    if (m === "caught-up") {
      if (!running) return;
      const resume = () => {
        if (running) worker.postMessage("go");
      };
      writer.checkpoint().then(
        () => {
          opts.onCaughtUp?.();
          resume();
        },
        (err: unknown) => {
          opts.onError?.(err);
          resume();
        },
      );
    } else if (typeof m === "object" && m !== null) {
      opts.onError?.(new Error(String((m as { error?: unknown }).error)));
    }
  });
  worker.on("error", (err) => {
    giveBack();
    opts.onError?.(err);
  });
  const exited = new Promise<void>((resolve) => worker.once("exit", () => resolve()));
  return {
    async stop() {
      if (running) worker.postMessage("stop");
      giveBack();
      await exited;
    },
  };
}
