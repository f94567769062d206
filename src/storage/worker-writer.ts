import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";
import { AUTO_CHECKPOINT_PAGES } from "./checkpointer";
import type { EpisodeStore } from "./episode-store";
import { GroupCommit } from "./group-commit";
import type { StoreWriter } from "./store-writer";
import { WRITE_SQL, type WriteOp } from "./write-batch";

export interface WorkerWriterOptions {
  /** The thread died; writes continue on the main connection (GroupCommit). */
  onError?: (err: unknown) => void;
  /** SQLite's own checkpoint interval on the writer connection; 0 when a checkpointer runs. */
  autoCheckpointPages?: number;
}

/**
 * The writer thread: plain CommonJS evaluated from a string (like the checkpointer), so it runs
 * the same under tsx, vitest and node. It prepares WRITE_SQL on its own connection and commits
 * each message's units in one transaction; if that fails it retries unit by unit so only the
 * failing unit is reported.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require("node:worker_threads");
const Database = require(workerData.driver);
const db = new Database(workerData.path, { fileMustExist: true });
db.pragma("synchronous = NORMAL");
db.pragma("foreign_keys = ON");
db.pragma("busy_timeout = 5000");
db.pragma("cache_size = -32000");
db.pragma("wal_autocheckpoint = " + workerData.autoCheckpointPages);
const stmts = {};
for (const name of Object.keys(workerData.sql)) stmts[name] = db.prepare(workerData.sql[name]);
const run = (ops) => { for (const [name, params] of ops) stmts[name].run(...params); };
const all = db.transaction((units) => { for (const u of units) run(u); });
const one = db.transaction(run);
const text = (err) => String((err && err.message) || err);
parentPort.on("message", (m) => {
  if (m.t === "commit") {
    const failed = [];
    try {
      all(m.units);
    } catch {
      m.units.forEach((u, i) => {
        try { one(u); } catch (err) { failed.push([i, text(err)]); }
      });
    }
    parentPort.postMessage({ id: m.id, failed });
  } else if (m.t === "checkpoint") {
    const failed = [];
    try { db.pragma("wal_checkpoint(PASSIVE)"); } catch (err) { failed.push([0, text(err)]); }
    parentPort.postMessage({ id: m.id, failed });
  } else if (m.t === "auto") {
    db.pragma("wal_autocheckpoint = " + Number(m.pages));
  } else if (m.t === "close") {
    db.close();
    parentPort.close();
  }
});
`;

interface PendingWrite {
  ops: readonly WriteOp[];
  resolve: () => void;
  reject: (err: unknown) => void;
}

interface Reply {
  id: number;
  failed: [number, string][];
}

type Job =
  | { kind: "commit"; id: number; units: PendingWrite[] }
  | { kind: "checkpoint"; id: number; waiters: PendingWrite[] };

/**
 * Commits on a dedicated thread with its own SQLite connection (`--commit-thread on`), so the
 * event loop that serves requests does not run the B-tree updates and WAL writes of a commit
 * (measured: ~10 % of its time per step). Group commit falls out of the hand-off: one commit is
 * in flight at a time, and everything handed over meanwhile goes into the next one. A commit's
 * promise still resolves only after SQLite returned from COMMIT, so durability is unchanged.
 * Reads stay on the main connection; they see every write whose commit has resolved. It costs
 * ~30 % more CPU in all and a thread hop per commit, which is why it is not the default.
 */
export function startWorkerWriter(store: EpisodeStore, opts: WorkerWriterOptions = {}): StoreWriter | null {
  if (store.db.memory) return null;
  return new WorkerWriter(store, opts);
}

class WorkerWriter implements StoreWriter {
  private readonly worker: Worker;
  private pending: PendingWrite[] = [];
  private checkpointWaiters: PendingWrite[] = [];
  private inFlight: Job | null = null;
  private scheduled = false;
  private nextId = 1;
  private idleWaiters: (() => void)[] = [];
  /** Set once the thread is gone: writes continue on the main connection. */
  private fallback: GroupCommit | null = null;
  private closing = false;
  private readonly exited: Promise<void>;

  constructor(
    private readonly store: EpisodeStore,
    private readonly opts: WorkerWriterOptions,
  ) {
    this.worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: {
        driver: createRequire(import.meta.url).resolve("better-sqlite3"),
        path: store.db.name,
        sql: WRITE_SQL,
        autoCheckpointPages: opts.autoCheckpointPages ?? AUTO_CHECKPOINT_PAGES,
      },
    });
    this.worker.on("message", (m: Reply) => this.settle(m));
    this.worker.on("error", (err) => this.fail(threadError(err)));
    this.exited = new Promise((resolve) =>
      this.worker.once("exit", (code) => {
        if (!this.closing) this.fail(new Error(`The store writer thread exited (code ${code}).`));
        resolve();
      }),
    );
  }

  commit(ops: readonly WriteOp[]): Promise<void> {
    if (this.fallback !== null) return this.fallback.commit(ops);
    if (this.closing) return Promise.reject(new Error("The store writer is closed."));
    return new Promise<void>((resolve, reject) => {
      this.pending.push({ ops, resolve, reject });
      this.schedule();
    });
  }

  drain(): Promise<void> {
    if (this.fallback !== null) return this.fallback.drain();
    if (this.idle()) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  checkpoint(): Promise<void> {
    if (this.fallback !== null) return this.fallback.checkpoint();
    return new Promise<void>((resolve, reject) => {
      this.checkpointWaiters.push({ ops: [], resolve, reject });
      this.schedule();
    });
  }

  autoCheckpoint(pages: number): void {
    if (this.fallback !== null) this.fallback.autoCheckpoint(pages);
    else this.worker.postMessage({ t: "auto", pages });
  }

  async close(): Promise<void> {
    if (this.fallback !== null) return this.fallback.close();
    await this.drain();
    this.closing = true;
    this.worker.postMessage({ t: "close" });
    await this.exited;
  }

  private idle(): boolean {
    return this.inFlight === null && this.pending.length === 0 && this.checkpointWaiters.length === 0;
  }

  /** Hand over at the end of this event-loop turn, so the turn's writes share one commit. */
  private schedule(): void {
    if (this.scheduled || this.inFlight !== null) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      this.send();
    });
  }

  private send(): void {
    if (this.inFlight !== null || this.fallback !== null) return;
    if (this.pending.length > 0) {
      const units = this.pending;
      this.pending = [];
      const job: Job = { kind: "commit", id: this.nextId++, units };
      this.inFlight = job;
      this.worker.postMessage({ t: "commit", id: job.id, units: units.map((u) => u.ops) });
    } else if (this.checkpointWaiters.length > 0) {
      const waiters = this.checkpointWaiters;
      this.checkpointWaiters = [];
      const job: Job = { kind: "checkpoint", id: this.nextId++, waiters };
      this.inFlight = job;
      this.worker.postMessage({ t: "checkpoint", id: job.id });
    } else {
      for (const w of this.idleWaiters.splice(0)) w();
    }
  }

  private settle(reply: Reply): void {
    const job = this.inFlight;
    if (job === null || job.id !== reply.id) return;
    this.inFlight = null;
    const units = job.kind === "commit" ? job.units : job.waiters;
    const failed = new Map(reply.failed);
    units.forEach((u, i) => {
      const message = failed.get(i);
      if (message === undefined) u.resolve();
      else u.reject(new Error(message));
    });
    // Whatever arrived while that commit ran goes out now, as one group.
    this.send();
  }

  /** The thread is gone: nobody knows whether its last commit landed, so its callers get an error. */
  private fail(err: unknown): void {
    if (this.fallback !== null) return;
    this.fallback = new GroupCommit(this.store);
    this.fallback.autoCheckpoint(this.opts.autoCheckpointPages ?? AUTO_CHECKPOINT_PAGES);
    const lost = [
      ...(this.inFlight?.kind === "commit" ? this.inFlight.units : []),
      ...(this.inFlight?.kind === "checkpoint" ? this.inFlight.waiters : []),
    ];
    this.inFlight = null;
    for (const u of lost) u.reject(err);
    // Not yet handed to the thread: these can still be committed here.
    const waiting = this.pending;
    this.pending = [];
    for (const u of waiting) this.fallback.commit(u.ops).then(u.resolve, u.reject);
    for (const w of this.checkpointWaiters.splice(0)) this.fallback.checkpoint().then(w.resolve, w.reject);
    for (const w of this.idleWaiters.splice(0)) w();
    this.opts.onError?.(err);
  }
}

/** Errors thrown in the thread arrive cloned, a SqliteError as a bare `{code}`: name what is known. */
function threadError(err: unknown): Error {
  const e = err as { message?: unknown; code?: unknown } | null;
  const parts = [e?.code, e?.message].filter((p) => typeof p === "string" && p.length > 0);
  return new Error(`The store writer thread failed: ${parts.length > 0 ? parts.join(": ") : String(err)}.`);
}
