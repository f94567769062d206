import pg from "pg";
import { StorageUnavailableError } from "./pg-errors";
import { type PgLeaseOptions, PgLeases } from "./pg-leases";
import { migratePg } from "./pg-schema";
import { PG_TYPES, PgStore } from "./pg-store";
import { SyncPg } from "./sync-pg";

export function isPostgresUrl(db: string): boolean {
  return /^postgres(ql)?:\/\//i.test(db);
}

/** The `options` query parameter of a connection URL (server settings such as search_path). */
function urlOptions(url: string): string {
  try {
    return new URL(url).searchParams.get("options") ?? "";
  } catch {
    return "";
  }
}

/** The URL as a log line or message may show it: never the password. */
export function redactUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password !== "") u.password = "***";
    return u.toString();
  } catch {
    return "postgres://(unparseable URL)";
  }
}

/**
 * Whether Postgres is reachable, as /ready and the 503s see it. Marked down by a failed commit
 * or probe; while down, one probe per `probeEveryMs` runs in the background and marks it up
 * again, so a replica recovers by itself when the database returns.
 */
export class PgAvailability {
  private isDown = false;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly pool: pg.Pool,
    private readonly onChange: (up: boolean, err?: unknown) => void = () => undefined,
    private readonly probeEveryMs = 500,
  ) {}

  get down(): boolean {
    return this.isDown;
  }

  /** A commit's outcome: an outage error marks it down, anything else changes nothing. */
  report(outage: unknown | null): void {
    if (outage === null || this.isDown) return;
    this.isDown = true;
    this.onChange(false, outage);
    this.timer = setInterval(() => void this.probe(), this.probeEveryMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer !== null) clearInterval(this.timer);
    this.timer = null;
  }

  private async probe(): Promise<void> {
    try {
      await this.pool.query("SELECT 1");
    } catch {
      return;
    }
    if (!this.isDown) return;
    this.stop();
    this.isDown = false;
    this.onChange(true);
  }
}

export interface OpenedPg {
  store: PgStore;
  /** Present when a replica id was given: sessions are leased to this process. */
  leases: PgLeases | null;
  availability: PgAvailability;
  pool: pg.Pool;
  /** Synchronous queries (the store's reads, the exchange mirror's writes). */
  reader: SyncPg;
}

export interface OpenPgOptions {
  /** Bound on connecting and on each read (ms). */
  timeoutMs?: number;
  /** Leases sessions to this replica (see pg-leases.ts). */
  replicaId?: string;
  leases?: PgLeaseOptions;
  onAvailability?: (up: boolean, err?: unknown) => void;
}

/**
 * Connect, check the connection renders literals the way pg-literal.ts assumes, and migrate.
 * An unreachable server is a StorageUnavailableError naming the (redacted) URL, so the CLI can
 * exit with a clear message instead of a stack.
 */
export async function openPgStore(url: string, opts: OpenPgOptions = {}): Promise<OpenedPg> {
  const timeoutMs = opts.timeoutMs ?? 3000;
  const pool = new pg.Pool({
    connectionString: url,
    max: 4,
    connectionTimeoutMillis: timeoutMs,
    types: PG_TYPES,
    // Added to whatever the URL's own `options` say (e.g. a search_path), which this replaces.
    options: [urlOptions(url), "-c standard_conforming_strings=on"].filter((o) => o !== "").join(" "),
  });
  // An idle connection dropped by the server must not crash the process: the next use reconnects.
  pool.on("error", () => undefined);
  let client: pg.PoolClient;
  try {
    client = await pool.connect();
  } catch (err) {
    await pool.end().catch(() => undefined);
    const why = (err as { code?: string; message?: string }).code ?? (err as Error).message;
    throw new StorageUnavailableError(`cannot connect to ${redactUrl(url)} (${why}).`);
  }
  try {
    const scs = await client.query<{ standard_conforming_strings: string }>(
      "SHOW standard_conforming_strings",
    );
    if (scs.rows[0]?.standard_conforming_strings !== "on") {
      throw new Error("Postgres must run with standard_conforming_strings=on.");
    }
    await migratePg(client);
  } catch (err) {
    client.release();
    await pool.end().catch(() => undefined);
    throw err;
  }
  client.release();
  const availability = new PgAvailability(pool, opts.onAvailability);
  const reader = new SyncPg(url, timeoutMs, {
    down: () => availability.down,
    onOutage: (err) => availability.report(err),
  });
  const leases =
    opts.replicaId === undefined ? null : new PgLeases(pool, reader, opts.replicaId, opts.leases);
  if (leases !== null) {
    try {
      await leases.register();
    } catch (err) {
      await reader.close();
      await pool.end().catch(() => undefined);
      throw err;
    }
  }
  const store = new PgStore(pool, reader, {
    ...(opts.replicaId === undefined ? {} : { replicaId: opts.replicaId }),
    onOutcome: (err) => availability.report(err),
  });
  return { store, availability, pool, leases, reader };
}
