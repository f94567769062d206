import type { Settlement } from "../../markets/ledger";
import { toMinor } from "../../markets/ledger";
import type { Market, MarketEvent } from "../../markets/market";

/**
 * What a batch of new market events means for the shell: the settlements to post, and whom to
 * notify. Pure functions of the market and its events.
 */
export function settlementsOf(m: Market, events: readonly MarketEvent[]): (Settlement & { at: number })[] {
  const out: (Settlement & { at: number })[] = [];
  const id = m.opened.market_id;
  for (const ev of events) {
    if (ev.type === "deal" && m.kind === "listing")
      out.push({
        market_id: id,
        winner: ev.agent,
        buyer: ev.agent,
        seller: m.opened.seller_account,
        price: toMinor(ev.price),
        at: ev.at,
      });
    if (ev.type === "won" && m.kind === "request")
      out.push({
        market_id: id,
        winner: ev.agent,
        buyer: m.opened.requester,
        seller: ev.agent,
        price: ev.price,
        at: ev.at,
      });
  }
  return out;
}

const OPENED = new Set(["listing_opened", "request_opened"]);
const PUBLIC = new Set([...OPENED, "listing_closed", "request_closed"]);

/**
 * Agents to notify. An agent hears about its own events (its decision, thread steps,
 * submissions, verdicts, wins); an opening reaches the whole roster; a settlement or a close
 * reaches the agents that engaged (the others can read the tape: pushing every close to every
 * agent doubled the exchange's fan-out for nothing). Whether A is told never depends on what
 * another agent did in private, only on the public tape and A's own decision.
 */
export function affectedAgents(m: Market, events: readonly MarketEvent[]): Set<string> {
  const out = new Set<string>();
  const roster = m.part.roster;
  for (const ev of events) {
    if (OPENED.has(ev.type)) for (const a of roster) out.add(a);
    else if (PUBLIC.has(ev.type) || ev.type === "deal" || ev.type === "won")
      for (const [a, d] of m.part.decisions) if (d === "engaged") out.add(a);
    if ("agent" in ev) out.add(ev.agent);
    if (ev.type === "judged" && m.kind === "request") {
      const sub = m.subs.get(ev.submission_id);
      if (sub !== undefined) out.add(sub.agent);
    }
  }
  return out;
}

/** True when the batch changed the public tape (the opener's view). */
export const touchesTape = (events: readonly MarketEvent[]): boolean =>
  events.some((e) => PUBLIC.has(e.type) || e.type === "deal" || e.type === "won");
