import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { type EmbeddedPg, startEmbeddedPg } from "../../testing/embedded-pg";
import { ExchangeStore } from "../exchange-store";
import { openDatabase } from "../open-database";
import { type OpenedPg, openPgStore } from "../pg/open-pg";
import { loadExchange, PgExchangeLease, PgExchangeMirror } from "../pg/pg-exchange";

/** One exchange database as the contract suite sees it. */
export interface ExchangeDb {
  store: ExchangeStore;
  /** The store a restarted server (SQLite) or the replica taking over (Postgres) would open. */
  reopen(): Promise<ExchangeStore>;
  /** Run SQL on the durable database itself (the file, or Postgres), as an auditor would. */
  raw(sql: string): Promise<void>;
}

export interface ExchangeEngine {
  name: "sqlite" | "postgres";
  fresh(): Promise<ExchangeDb>;
  stop(): Promise<void>;
}

export function sqliteExchangeEngine(): ExchangeEngine {
  const dir = mkdtempSync(join(tmpdir(), "bazaar-exchange-contract-"));
  let n = 0;
  return {
    name: "sqlite",
    fresh: async () => {
      const path = join(dir, `x-${++n}.db`);
      const db = openDatabase(path);
      return {
        store: new ExchangeStore(db),
        reopen: async () => new ExchangeStore(openDatabase(path)),
        raw: async (sql) => {
          db.prepare(sql).run();
        },
      };
    },
    stop: async () => rmSync(dir, { recursive: true, force: true }),
  };
}

/**
 * Postgres as the server uses it: the store runs on an in-memory SQLite whose writes are mirrored
 * to Postgres under a freshly claimed exchange lease; `reopen` copies Postgres back into a new
 * in-memory SQLite, as a takeover does (exchange-host.ts).
 */
export async function pgExchangeEngine(): Promise<ExchangeEngine & { pg: EmbeddedPg; url(): string }> {
  const server = await startEmbeddedPg({ fsync: false });
  const opened: OpenedPg[] = [];
  let n = 0;
  let last = "";
  return {
    name: "postgres",
    pg: server,
    url: () => last,
    fresh: async () => {
      last = await server.freshDatabase(`exchange_${++n}`);
      const o = await openPgStore(last);
      opened.push(o);
      const epoch = (await new PgExchangeLease(o.pool, "r1", "instance-1", 30).claim()) as number;
      const mirror = new PgExchangeMirror(o.reader, "instance-1", epoch, () => undefined);
      return {
        store: new ExchangeStore(openDatabase(":memory:"), mirror),
        reopen: async () => {
          const s = new ExchangeStore(openDatabase(":memory:"));
          s.restore(await loadExchange(o.pool));
          return s;
        },
        raw: async (sql) => {
          const c = new pg.Client(last);
          await c.connect();
          try {
            await c.query(sql);
          } finally {
            await c.end();
          }
        },
      };
    },
    stop: async () => {
      for (const o of opened) o.store.close();
      await server.stop();
    },
  };
}
