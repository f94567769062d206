import type { LeaseFence } from "./store-writer";

/** Why a replica may not take a session: nobody ever leased it, or its live owner still holds it. */
export class OwnershipError extends Error {
  constructor(
    readonly kind: "unknown" | "owned-elsewhere",
    message: string,
  ) {
    super(message);
    this.name = "OwnershipError";
  }
}

/** A commit was refused because another replica took the session over meanwhile. */
export class LeaseLostError extends Error {
  constructor(sessionId: string) {
    super(`This replica no longer holds session ${sessionId.slice(0, 64)}.`);
    this.name = "LeaseLostError";
  }
}

/**
 * Which sessions this process may step, when several replicas share one database. Session ids
 * carry the id of the replica that created them (so a load balancer can route by them); a
 * replica steps a session only while it holds the session's lease, at an epoch that every
 * commit re-checks (pg/pg-leases.ts).
 */
export interface SessionOwnership {
  readonly replicaId: string;
  /** A new session id owned here: `<replica>.<random>`. */
  newSessionId(random: string): string;
  /**
   * Take the session's lease (it was created here, or its owner is dead or gone); returns the
   * new epoch. Throws OwnershipError when it cannot.
   */
  claim(sessionId: string): number;
  /** What a commit for this session must still hold. */
  fence(sessionId: string): LeaseFence;
  /** The session left memory here (closed, expired, failed): forget its epoch. */
  forget(sessionId: string): void;
  /**
   * This replica claimed the session but could not rebuild it (full, or a log this build cannot
   * continue): hand the lease back to the replica that held it before the claim, so that it is
   * exactly as claimable as it was and a replica that can continue it may. Nothing when the
   * lease was already this replica's, or was taken from it meanwhile.
   */
  release(sessionId: string): void;
}
