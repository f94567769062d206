import type Database from "better-sqlite3";
import type pg from "pg";
import { ConfigError } from "../config/config";
import { errorFields, type Logger } from "../log/logger";
import { startCheckpointer } from "./checkpointer";
import { EpisodeStore } from "./episode-store";
import { GroupCommit } from "./group-commit";
import { openDatabase } from "./open-database";
import type { SessionOwnership } from "./ownership";
import { isPostgresUrl, openPgStore, redactUrl } from "./pg/open-pg";
import type { SyncPg } from "./pg/sync-pg";
import type { Storage } from "./storage";
import type { StoreWriter } from "./store-writer";
import { startWorkerWriter } from "./worker-writer";
import { headerProbe, WriteHealth, watchWrites } from "./write-health";

/** What /health says of the database: it takes writes, its disk is full, or it cannot be reached. */
export type DbStatus = "ok" | "full" | "unavailable";

export interface OpenedStorage {
  store: Storage;
  writer: StoreWriter;
  /** The SQLite connection (for the exchange's tables), or null on Postgres. */
  sqlite: Database.Database | null;
  /** Who may step which session, when replicas share the database (Postgres); null for SQLite. */
  ownership: SessionOwnership | null;
  /** Postgres's parts the exchange's lease and durable copy use (pg-exchange.ts); null on SQLite. */
  pg: ExchangePg | null;
  /** How the server describes where it stores (a file path, or the URL without its password). */
  where: string;
  /** How commits run, for the startup log line. */
  commits: string;
  status(): DbStatus;
  /** Stop the helpers, commit what is pending, close the connections. */
  close(): Promise<void>;
}

export interface ExchangePg {
  pool: pg.Pool;
  reader: SyncPg;
  replicaId: string;
  /** This process's instance id (a restarted replica has a new one). */
  instance: string;
  ttlS: number;
  heartbeatMs: number;
}

export interface StorageOptions {
  db: string;
  commitThread: boolean;
  /**
   * This replica's id on Postgres (DEFAULT_REPLICA_ID when null): sessions created here are leased
   * to it, and a second live server with the same id refuses to start. SQLite takes none.
   */
  replicaId: string | null;
  /** Postgres: seconds without a heartbeat before another replica may take this one's sessions. */
  leaseTtlS?: number;
  log: Logger;
}

/** SQLite (a file or :memory:) or Postgres (`postgres://…`), with the writer each one wants. */
export async function openStorage(opts: StorageOptions): Promise<OpenedStorage> {
  if (isPostgresUrl(opts.db)) return openPostgres(opts);
  if (opts.replicaId !== null) {
    throw new ConfigError(
      "--replica-id needs a Postgres database (--db postgres://…): a SQLite file has one server.",
    );
  }
  return openSqlite(opts);
}

/** Heartbeats every second, or every third of the TTL when that is shorter. */
export const leaseTimes = (ttlS: number) => ({
  ttlMs: Math.round(ttlS * 1000),
  heartbeatMs: Math.min(1000, Math.round((ttlS * 1000) / 3)),
});

/** PgLeases' own default TTL (3 s), named here because the exchange's lease uses it too. */
const DEFAULT_LEASE_TTL_S = 3;

/** A lone Postgres-backed server still registers, so a second one started by mistake is refused. */
export const DEFAULT_REPLICA_ID = "r0";

async function openPostgres(opts: StorageOptions): Promise<OpenedStorage> {
  const { log } = opts;
  const replicaId = opts.replicaId ?? DEFAULT_REPLICA_ID;
  const times = leaseTimes(opts.leaseTtlS ?? DEFAULT_LEASE_TTL_S);
  const { store, availability, leases, pool, reader } = await openPgStore(opts.db, {
    replicaId,
    leases: times,
    onAvailability: (up, err) =>
      up
        ? log.warn("database reachable again")
        : log.error("database unreachable: requests that need it get 503", errorFields(err)),
  });
  const writer = store.defaultWriter();
  return {
    store,
    writer,
    ownership: leases,
    sqlite: null,
    pg:
      leases === null
        ? null
        : {
            pool,
            reader,
            replicaId,
            instance: leases.instance,
            ttlS: times.ttlMs / 1000,
            heartbeatMs: times.heartbeatMs,
          },
    where: redactUrl(opts.db),
    commits: "postgres",
    status: () => (availability.down ? "unavailable" : "ok"),
    close: async () => {
      await writer.close();
      // Last: hand the sessions over to the other replicas at once.
      await leases?.stop();
      availability.stop();
      store.close();
    },
  };
}

async function openSqlite(opts: StorageOptions): Promise<OpenedStorage> {
  const { log } = opts;
  const store = new EpisodeStore(openDatabase(opts.db));
  // Commits run on the event loop by default: on the 2-core bench, where the client shares the
  // machine, the writer thread saved the event loop ~10 % per step but cost ~30 % more CPU in all
  // and a thread hop of latency (README, Performance).
  const onThread = opts.commitThread
    ? startWorkerWriter(store, {
        onError: (err) =>
          log.error("store writer thread failed; commits continue on the main thread", errorFields(err)),
      })
    : null;
  // /health reports "full" while commits fail for lack of room (issue 10, item 10).
  const writeHealth = new WriteHealth(headerProbe(store.db), (status, err) =>
    status === "full"
      ? log.error("storage full: writes fail, requests that write get 507", errorFields(err))
      : log.warn("storage writable again"),
  );
  const writer = watchWrites(onThread ?? new GroupCommit(store), writeHealth);
  const checkpoints = startCheckpointer(store.db, {
    writer,
    onError: (err) =>
      log.warn("background WAL checkpoints failed; SQLite checkpoints inline", errorFields(err)),
  });
  return {
    store,
    writer,
    ownership: null,
    sqlite: store.db,
    pg: null,
    where: opts.db,
    commits: onThread === null ? "event loop" : "writer thread",
    status: () => writeHealth.status(),
    close: async () => {
      await checkpoints?.stop();
      await writer.close();
      store.close();
    },
  };
}
