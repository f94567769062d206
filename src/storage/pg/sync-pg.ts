import { createRequire } from "node:module";
import { MessageChannel, type MessagePort, receiveMessageOnPort, Worker } from "node:worker_threads";
import { StorageUnavailableError } from "./pg-errors";

/**
 * The reading thread: plain CommonJS evaluated from a string (like worker-writer.ts), so it runs
 * the same under tsx, vitest and node. One connection; each message is one query whose answer
 * goes back on the reply port, after which the waiting main thread is woken through `flag`.
 */
const WORKER_SOURCE = `
const { workerData } = require("node:worker_threads");
const pg = require(workerData.driver);
pg.types.setTypeParser(20, (v) => Number(v));
const { port, flag, url, timeoutMs } = workerData;
let client = null;
const connect = async () => {
  const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: timeoutMs,
    statement_timeout: timeoutMs, query_timeout: timeoutMs });
  c.on("error", () => { if (client === c) client = null; });
  await c.connect();
  return c;
};
port.on("message", async (m) => {
  let reply;
  try {
    client = client || (await connect());
    const r = await client.query({ text: m.sql, values: m.params });
    reply = { id: m.id, rows: r.rows };
  } catch (err) {
    if (client) { client.end().catch(() => {}); client = null; }
    reply = { id: m.id, error: { message: String((err && err.message) || err), code: err && err.code } };
  }
  port.postMessage(reply);
  Atomics.store(flag, 0, m.id);
  Atomics.notify(flag, 0);
});
`;

interface Reply {
  id: number;
  rows?: Record<string, unknown>[];
  error?: { message: string; code?: string };
}

/** A query that Postgres itself refused (bad SQL, a constraint): not an outage. */
export class PgQueryError extends Error {
  constructor(
    message: string,
    readonly code: string | undefined,
  ) {
    super(message);
    this.name = "PgQueryError";
  }
}

/** Postgres error classes that mean "the server is not there" rather than "your query is wrong". */
export function isOutage(code: string | undefined): boolean {
  return code === undefined || /^(08|57|53|58)/.test(code) || /^E[A-Z]+$/.test(code);
}

/**
 * Synchronous reads from Postgres, as the store's read interface is synchronous (SQLite's is,
 * and the session service relies on it). The query runs on a worker thread's connection while
 * this thread waits on an Atomics flag, so a read costs one loopback round trip of blocked event
 * loop (~0.1–0.3 ms) — the same model as better-sqlite3's blocking file reads. Reads are off the
 * step path (resumes, episode views, id checks); steps only write, asynchronously (PgWriter).
 * Every wait is bounded by `timeoutMs`, and while `down()` says Postgres is unreachable a read
 * fails at once instead of freezing the loop for the timeout again.
 */
export class SyncPg {
  private readonly worker: Worker;
  private readonly port: MessagePort;
  private readonly flag = new Int32Array(new SharedArrayBuffer(4));
  private nextId = 1;

  constructor(
    url: string,
    private readonly timeoutMs: number,
    private readonly health: { down: () => boolean; onOutage: (err: unknown) => void } = {
      down: () => false,
      onOutage: () => undefined,
    },
  ) {
    const { port1, port2 } = new MessageChannel();
    this.port = port1;
    this.worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: {
        driver: createRequire(import.meta.url).resolve("pg"),
        port: port2,
        flag: this.flag,
        url,
        timeoutMs,
      },
      transferList: [port2],
    });
    this.worker.unref();
  }

  query<T>(sql: string, params: readonly unknown[] = []): T[] {
    if (this.health.down()) throw new StorageUnavailableError("Postgres is unreachable.");
    try {
      return this.ask<T>(sql, params);
    } catch (err) {
      if (err instanceof StorageUnavailableError) this.health.onOutage(err);
      throw err;
    }
  }

  private ask<T>(sql: string, params: readonly unknown[]): T[] {
    const id = this.nextId++;
    this.port.postMessage({ id, sql, params });
    // The worker answers within its own timeouts; the extra second covers a stuck thread.
    const deadline = Date.now() + this.timeoutMs + 1000;
    for (;;) {
      const seen = Atomics.load(this.flag, 0);
      if (seen >= id) break;
      const left = deadline - Date.now();
      if (left <= 0 || Atomics.wait(this.flag, 0, seen, left) === "timed-out") {
        throw new StorageUnavailableError("Postgres did not answer in time.");
      }
    }
    // Replies to reads that timed out earlier may still be queued: skip them.
    for (;;) {
      const m = receiveMessageOnPort(this.port)?.message as Reply | undefined;
      if (m === undefined) throw new StorageUnavailableError("Postgres reader lost its reply.");
      if (m.id !== id) continue;
      if (m.error !== undefined) {
        if (isOutage(m.error.code)) throw new StorageUnavailableError(m.error.message);
        throw new PgQueryError(m.error.message, m.error.code);
      }
      return (m.rows ?? []) as T[];
    }
  }

  close(): Promise<number> {
    this.port.close();
    return this.worker.terminate();
  }
}
