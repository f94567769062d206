import { z } from "zod";
import { MarketError } from "./errors";

/**
 * What both market kinds share: who may act (the roster the market was offered to), the
 * engage-or-pass decision, deadlines on the clock the caller hands in, and idempotency by a
 * client key. Every check here throws before anything changes.
 */
export const AgentId = z.string().min(1).max(64);
export const ClientKey = z.string().min(1).max(128);

/** Machine-readable reasons for passing; "other" keeps the set closed while agents evolve. */
export const PassReason = z.enum(["negative_ev", "over_budget", "not_my_line", "no_capacity", "other"]);
export type PassReason = z.infer<typeof PassReason>;

/** Fields every market event carries: the server sequence number and the virtual time (ms). */
export const EventBase = { seq: z.number().int().min(1), at: z.number().int().min(0) };

export const Engaged = z.object({
  type: z.literal("engaged"),
  ...EventBase,
  agent: AgentId,
  client_key: ClientKey.nullable(),
});
export const Passed = z.object({
  type: z.literal("passed"),
  ...EventBase,
  agent: AgentId,
  reason: PassReason,
  client_key: ClientKey.nullable(),
});
/** The sequence number of the newest event of a log (0 before the first). */
export const lastSeq = (s: { events: readonly { seq: number }[] }): number =>
  s.events[s.events.length - 1]?.seq ?? 0;

export type EngagedEvent = z.infer<typeof Engaged>;
export type PassedEvent = z.infer<typeof Passed>;

export type Decision = "engaged" | "passed";

export interface Participation {
  roster: ReadonlySet<string>;
  decisions: Map<string, Decision>;
  /** agent + "\u0000" + client key, for every keyed action already applied. */
  keys: Set<string>;
}

export function newParticipation(roster: readonly string[]): Participation {
  return { roster: new Set(roster), decisions: new Map(), keys: new Set() };
}

const keyOf = (agent: string, key: string): string => `${agent}\u0000${key}`;

/** True when this keyed action was applied before: the caller answers with no new events. */
export function seenKey(p: Participation, agent: string, key: string | null | undefined): boolean {
  return key !== null && key !== undefined && p.keys.has(keyOf(agent, key));
}

export function rememberKey(p: Participation, agent: string, key: string | null): void {
  if (key !== null) p.keys.add(keyOf(agent, key));
}

export function requireRostered(p: Participation, agent: string): void {
  if (!p.roster.has(agent))
    throw new MarketError("UNKNOWN_AGENT", `agent "${agent}" was not offered this market`);
}

export function requireEngaged(p: Participation, agent: string): void {
  requireRostered(p, agent);
  if (p.decisions.get(agent) !== "engaged")
    throw new MarketError("NOT_ENGAGED", "engage in this market before acting in it");
}

export function requireUndecided(p: Participation, agent: string): void {
  requireRostered(p, agent);
  if (p.decisions.has(agent))
    throw new MarketError("ALREADY_DECIDED", "this agent already engaged or passed");
}

/** Actions are accepted strictly before the deadline; at the deadline instant the market closes. */
export function requireBeforeDeadline(open: boolean, deadline: number, now: number): void {
  if (now >= deadline) throw new MarketError("LATE", `the deadline (t=${deadline}) has passed`);
  if (!open) throw new MarketError("MARKET_CLOSED", "this market is closed");
}

export function applyDecision(p: Participation, ev: EngagedEvent | PassedEvent): void {
  p.decisions.set(ev.agent, ev.type === "engaged" ? "engaged" : "passed");
  rememberKey(p, ev.agent, ev.client_key);
}
