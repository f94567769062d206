import { randomBytes } from "node:crypto";
import type { ExchangeStore } from "../storage/exchange-store";
import { sameDigest, secretDigest } from "../transport/http/api-keys";

/**
 * Registered agents. A token is `<agent id>.<secret>`; only the secret's SHA-256 is stored,
 * compared in constant time (the API keys' helpers). The id part only picks the row to compare
 * against, so an unknown id, a wrong secret and a revoked agent all read the same: null.
 */
export interface RegisteredAgent {
  agent_id: string;
  name: string;
  token: string;
}

const ID_RE = /^ag_[a-z0-9]{16}$/;
const TOKEN_RE = /^(ag_[a-z0-9]{16})\.([A-Za-z0-9_-]{43})$/;
/** Compared against when the id is unknown, so that case costs the same hash and compare. */
const DUMMY = secretDigest("unused");

export class AgentRegistry {
  /** Unrevoked agents, read once and kept current by register/revoke (each market's roster). */
  private activeIds: string[] | null = null;
  /** Who to tell when an agent is revoked (its open WebSockets close). */
  private readonly revokeListeners = new Map<string, Set<() => void>>();

  constructor(
    private readonly store: ExchangeStore,
    private readonly now: () => number = Date.now,
    /** Agent ids: random by default; tests comparing two runs fix them (thread seeds derive from them). */
    private readonly newId: () => string = () => `ag_${randomBytes(8).toString("hex")}`,
  ) {}

  register(name: string): RegisteredAgent {
    const agent_id = this.newId();
    const secret = randomBytes(32).toString("base64url");
    this.store.insertAgent(agent_id, name, secretDigest(secret), this.now());
    this.activeIds = null;
    return { agent_id, name, token: `${agent_id}.${secret}` };
  }

  /** The agent a token belongs to, or null for a malformed, wrong or revoked token. */
  authenticate(token: string | undefined | null): string | null {
    if (typeof token !== "string") return null;
    const m = TOKEN_RE.exec(token.trim());
    if (m === null) return null;
    const row = this.store.agent(m[1] as string);
    const ok = sameDigest(secretDigest(m[2] as string), row?.token_digest ?? DUMMY);
    return ok && row !== null && row.revoked_at === null ? row.id : null;
  }

  name(agentId: string): string | null {
    return this.store.agent(agentId)?.name ?? null;
  }

  createdAt(agentId: string): number | null {
    return this.store.agent(agentId)?.created_at ?? null;
  }

  /** Revoke an agent's token for good; the agent stays in the ledger's history. */
  revoke(agentId: string): boolean {
    const revoked = ID_RE.test(agentId) && this.store.revokeAgent(agentId, this.now());
    if (revoked) {
      this.activeIds = null;
      for (const f of this.revokeListeners.get(agentId) ?? []) f();
    }
    return revoked;
  }

  /** Call `f` when `agentId` is revoked; returns the unsubscribe. */
  onRevoke(agentId: string, f: () => void): () => void {
    const set = this.revokeListeners.get(agentId) ?? new Set();
    this.revokeListeners.set(agentId, set);
    set.add(f);
    return () => {
      set.delete(f);
      if (set.size === 0) this.revokeListeners.delete(agentId);
    };
  }

  /** Agents a new market is offered to: every unrevoked one. */
  active(): string[] {
    this.activeIds ??= this.store.activeAgents();
    return this.activeIds;
  }
}
