import { errorFields, type Logger, silentLogger } from "../log/logger";
import { ExchangeStore } from "../storage/exchange-store";
import { openDatabase } from "../storage/open-database";
import type { ExchangePg } from "../storage/open-storage";
import {
  ExchangeLeaseLostError,
  loadExchange,
  PgExchangeLease,
  PgExchangeMirror,
} from "../storage/pg/pg-exchange";
import { exchangeElsewhere } from "./exchange-error";
import { type ExchangeOptions, type ExchangeShell, openExchange } from "./exchange-shell";

/**
 * Where this process stands with the exchange. `shell` is one object for the server's lifetime
 * (the transports hold it); a takeover swaps its parts in place. SQLite: one server, always held.
 */
export interface ExchangeHost {
  readonly shell: ExchangeShell;
  /** True when this process serves the exchange now, after taking it over if its holder is gone. */
  acquire(): Promise<boolean>;
  /** Whether it holds the exchange right now (no claim attempted). */
  held(): boolean;
  /**
   * Called when this process stops running the exchange because another replica took it over,
   * so connections bound to it can be closed and reconnect through the balancer. Returns the
   * function that removes the listener.
   */
  onMoved(listener: () => void): () => void;
  stop(): Promise<void>;
}

export function localExchangeHost(shell: ExchangeShell): ExchangeHost {
  return {
    shell,
    acquire: async () => true,
    held: () => true,
    onMoved: () => () => undefined,
    stop: () => shell.stop(),
  };
}

/**
 * The exchange on Postgres (docs/scaling.md, "The exchange"): exactly one replica runs it, the
 * one holding the exchange lease. It runs on an in-memory SQLite copy whose every write is
 * mirrored to Postgres before it is acknowledged (pg-exchange.ts). A replica without the lease
 * answers EXCHANGE_ELSEWHERE (503); once the holder's heartbeat is older than the TTL, the next
 * `acquire` claims the lease, copies the exchange back from Postgres and resumes its open
 * markets. Every heartbeat the holder checks it still holds the lease (and stops serving the
 * moment it does not), and a standby tries to claim it, so markets' deadlines fire again after a
 * takeover even when no client calls.
 */
export class PgExchangeHost implements ExchangeHost {
  readonly shell: ExchangeShell;
  private readonly lease: PgExchangeLease;
  private readonly log: Logger;
  private epoch: number | null = null;
  private claiming: Promise<boolean> | null = null;
  private timer: NodeJS.Timeout | null = null;
  private stopped = false;
  private readonly movedListeners = new Set<() => void>();

  constructor(
    private readonly pg: ExchangePg,
    private readonly opts: ExchangeOptions,
  ) {
    this.log = opts.logger ?? silentLogger;
    this.lease = new PgExchangeLease(pg.pool, pg.replicaId, pg.instance, pg.ttlS);
    // Until the lease is held the shell runs on an empty in-memory exchange: never served
    // (acquire is false) and never written; takeOver() swaps its parts for the real ones.
    const { mirror: _none, ...rest } = opts;
    this.shell = openExchange(openDatabase(":memory:"), { ...rest, ratingsOnThisThread: true });
  }

  held(): boolean {
    return this.epoch !== null;
  }

  onMoved(listener: () => void): () => void {
    this.movedListeners.add(listener);
    return () => this.movedListeners.delete(listener);
  }

  acquire(): Promise<boolean> {
    if (this.epoch !== null) return Promise.resolve(true);
    if (this.stopped) return Promise.resolve(false);
    this.claiming ??= this.takeOver()
      .catch((err: unknown) => {
        this.log.warn("exchange: could not take the exchange over", errorFields(err));
        return false;
      })
      .finally(() => {
        this.claiming = null;
      });
    return this.claiming;
  }

  private async takeOver(): Promise<boolean> {
    const epoch = await this.lease.claim();
    if (epoch === null) return false;
    const rows = await loadExchange(this.pg.pool);
    const db = openDatabase(":memory:");
    new ExchangeStore(db).restore(rows);
    const fenced = new PgExchangeMirror(this.pg.reader, this.pg.instance, epoch, () => this.lost(epoch));
    const mirror = {
      apply: (w: Parameters<PgExchangeMirror["apply"]>[0]) => {
        try {
          fenced.apply(w);
        } catch (err) {
          // The client hears what a standby replica says: retry, the exchange runs elsewhere now.
          throw err instanceof ExchangeLeaseLostError ? exchangeElsewhere() : err;
        }
      },
    };
    const next = openExchange(db, { ...this.opts, mirror });
    const old = { ...this.shell };
    Object.assign(this.shell, next);
    await old.stop();
    if (this.stopped) {
      await next.stop();
      return false;
    }
    this.epoch = epoch;
    this.log.info("exchange: this replica runs the exchange", {
      replica: this.pg.replicaId,
      epoch,
      agents: rows.agents?.length ?? 0,
      open_markets: next.exchange.openCount,
      tape: rows.tape?.length ?? 0,
      ledger_entries: rows.entries?.length ?? 0,
    });
    return true;
  }

  /** The lease went to another replica: stop the markets' timers and serve nothing more. */
  private lost(epoch: number): void {
    if (this.epoch !== epoch) return;
    this.epoch = null;
    this.log.warn("exchange: another replica took the exchange over", { replica: this.pg.replicaId, epoch });
    void this.shell.exchange.stop();
    for (const listener of this.movedListeners) listener();
  }

  /** Every heartbeat: a holder checks it still holds; a standby tries to take a dead holder's place. */
  private async check(): Promise<void> {
    const epoch = this.epoch;
    if (epoch === null) {
      await this.acquire();
      return;
    }
    try {
      if (!(await this.lease.holds(epoch))) this.lost(epoch);
    } catch {
      // Postgres unreachable: writes fail on their own; the next check asks again.
    }
  }

  /** Claim now if nobody holds the exchange, then keep checking every heartbeat. */
  async start(): Promise<void> {
    await this.acquire();
    this.timer ??= setInterval(() => void this.check(), this.pg.heartbeatMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer !== null) clearInterval(this.timer);
    await this.claiming;
    this.epoch = null;
    await this.shell.stop();
  }
}
