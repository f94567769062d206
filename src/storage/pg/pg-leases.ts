import { randomUUID } from "node:crypto";
import type pg from "pg";
import { OwnershipError, type SessionOwnership } from "../ownership";
import type { LeaseFence } from "../store-writer";
import type { SyncPg } from "./sync-pg";

/** Two replicas were configured with the same id: the second one must not start. */
export class ReplicaIdInUseError extends Error {
  constructor(replicaId: string) {
    super(
      `Replica id "${replicaId}" is already held by a live server on this database. Give each replica its own --replica-id / BAZAAR_REPLICA_ID.`,
    );
    this.name = "ReplicaIdInUseError";
  }
}

export interface PgLeaseOptions {
  /** A replica whose heartbeat is older than this is dead: its sessions may be taken over. */
  ttlMs?: number;
  heartbeatMs?: number;
  onLost?: (err: unknown) => void;
}

// The CTE locks the row and reads its holder before the update: `previous` is who held it.
const CLAIM = `WITH prev AS (SELECT replica_id FROM leases WHERE session_id = $1 FOR UPDATE)
  UPDATE leases l SET replica_id = $2, epoch = l.epoch + 1 FROM prev
  WHERE l.session_id = $1 AND (l.replica_id = $2 OR NOT EXISTS (
    SELECT 1 FROM replicas r WHERE r.replica_id = l.replica_id AND r.heartbeat_at > now() - make_interval(secs => $3)))
  RETURNING l.epoch AS epoch, prev.replica_id AS previous`;

// Only while this replica still holds the epoch it claimed at; the epoch moves on, so a write
// fenced at the claimed epoch is refused afterwards.
const RELEASE = `UPDATE leases SET replica_id = $3, epoch = epoch + 1
  WHERE session_id = $1 AND replica_id = $2 AND epoch = $4`;

/**
 * Leases in Postgres (tables replicas and leases, pg-schema.ts v3). A replica registers under
 * its id with a fresh instance id and heartbeats; a second live process with the same replica id
 * is refused. A session is leased at epoch 1 to the replica that creates it (pg-writer.ts);
 * another replica may claim it only once the owner's heartbeat is `ttlMs` old, which bumps the
 * epoch. Each commit checks (replica, instance, epoch) inside its transaction (bazaar_fence), so
 * a replica presumed dead that wakes up can no longer write to a session it lost.
 */
export class PgLeases implements SessionOwnership {
  readonly instance = randomUUID();
  private readonly epochs = new Map<string, number>();
  /** Who held each session before this replica's last claim of it (for release). */
  private readonly previous = new Map<string, string>();
  private readonly ttlS: number;
  private readonly heartbeatMs: number;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly pool: pg.Pool,
    private readonly reader: SyncPg,
    readonly replicaId: string,
    private readonly opts: PgLeaseOptions = {},
  ) {
    this.ttlS = (opts.ttlMs ?? 3000) / 1000;
    this.heartbeatMs = opts.heartbeatMs ?? 1000;
  }

  /** Register (or take over this id's stale row after a crash), then heartbeat. */
  async register(): Promise<void> {
    const r = await this.pool.query(
      `INSERT INTO replicas (replica_id, instance, heartbeat_at) VALUES ($1, $2, now())
       ON CONFLICT (replica_id) DO UPDATE SET instance = EXCLUDED.instance, heartbeat_at = now()
       WHERE replicas.heartbeat_at <= now() - make_interval(secs => $3)
       RETURNING instance`,
      [this.replicaId, this.instance, this.ttlS],
    );
    if (r.rowCount !== 1) throw new ReplicaIdInUseError(this.replicaId);
    this.timer = setInterval(() => void this.beat(), this.heartbeatMs);
    this.timer.unref();
  }

  newSessionId(random: string): string {
    return `${this.replicaId}.${random}`;
  }

  claim(sessionId: string): number {
    const row = this.reader.query<{ epoch: number; previous: string }>(CLAIM, [
      sessionId,
      this.replicaId,
      this.ttlS,
    ])[0];
    if (row !== undefined) {
      this.epochs.set(sessionId, row.epoch);
      this.previous.set(sessionId, row.previous);
      return row.epoch;
    }
    const held = this.reader.query("SELECT 1 AS held FROM leases WHERE session_id = $1", [sessionId]);
    if (held.length === 0) throw new OwnershipError("unknown", "No replica ever held this session.");
    throw new OwnershipError("owned-elsewhere", "Another live replica holds this session.");
  }

  fence(sessionId: string): LeaseFence {
    return {
      sessionId,
      replicaId: this.replicaId,
      instance: this.instance,
      epoch: this.epochs.get(sessionId) ?? 1,
    };
  }

  forget(sessionId: string): void {
    this.epochs.delete(sessionId);
    this.previous.delete(sessionId);
  }

  release(sessionId: string): void {
    const previous = this.previous.get(sessionId);
    const epoch = this.epochs.get(sessionId);
    this.forget(sessionId);
    if (previous === undefined || epoch === undefined || previous === this.replicaId) return;
    this.reader.query(RELEASE, [sessionId, this.replicaId, previous, epoch]);
  }

  /**
   * Stop heartbeating and mark this replica dead at once (a drain), so other replicas take its
   * sessions over on their next request instead of after the TTL.
   */
  async stop(): Promise<void> {
    if (this.timer !== null) clearInterval(this.timer);
    this.timer = null;
    await this.pool
      .query("UPDATE replicas SET heartbeat_at = 'epoch' WHERE replica_id = $1 AND instance = $2", [
        this.replicaId,
        this.instance,
      ])
      .catch(() => undefined);
  }

  private async beat(): Promise<void> {
    try {
      const r = await this.pool.query(
        "UPDATE replicas SET heartbeat_at = now() WHERE replica_id = $1 AND instance = $2",
        [this.replicaId, this.instance],
      );
      // Another process registered under this id after this one went quiet past the TTL.
      if (r.rowCount === 0) this.opts.onLost?.(new ReplicaIdInUseError(this.replicaId));
    } catch {
      // Unreachable: PgAvailability reports outages; the next beat tries again.
    }
  }
}
