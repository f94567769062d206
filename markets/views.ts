import { z } from "zod";
import { DialogueTurn } from "../env/dialogue";
import { Observation } from "../env/observation";
import { observe } from "../env/observe";
import { feeFor, toMinor } from "./ledger";
import type { ListingState } from "./listing/listing-state";
import type { Market } from "./market";
import { PassReason } from "./participation";
import { RequestTerms } from "./request/request-events";
import type { RequestState } from "./request/request-state";

/**
 * The information boundary of the exchange: every view any caller gets of a market comes from
 * `viewFor`. An agent sees the public tape (market opened, each settlement's winner, price and
 * fee, the close) and its own participation — its decision, its thread or its submissions
 * with their scores and feedback. Never another agent's offers, messages, scores, decisions
 * or reasons, nor how many were offered the market or competed: the roster, the seller's
 * reservation and cost, and sequence numbers (which would count others' actions) stay out.
 */
export const TapeEntry = z.discriminatedUnion("kind", [
  z
    .object({
      kind: z.literal("listing_opened"),
      market_id: z.string(),
      at: z.number(),
      seller: z.string(),
      item: z.object({ name: z.string(), category: z.string().nullable() }),
      units: z.number().int(),
      ask: z.number(),
      message: z.string(),
      deadline: z.number(),
    })
    .strict(),
  z
    .object({
      kind: z.literal("request_opened"),
      market_id: z.string(),
      at: z.number(),
      requester: z.string(),
      terms: RequestTerms,
    })
    .strict(),
  z
    .object({
      kind: z.literal("settled"),
      market_id: z.string(),
      at: z.number(),
      winner: z.string(),
      /** Paise. */
      price: z.number().int(),
      fee: z.number().int(),
      /** Request markets: the judge (id@version) whose verdict qualified the winning submission. */
      judge: z.string().optional(),
    })
    .strict(),
  z
    .object({
      kind: z.literal("closed"),
      market_id: z.string(),
      at: z.number(),
      outcome: z.enum(["sold_out", "deadline", "filled", "partial", "timeout"]),
    })
    .strict(),
]);
export type TapeEntry = z.infer<typeof TapeEntry>;

const OwnDecision = z.object({
  decision: z.enum(["engaged", "passed"]).nullable(),
  pass_reason: PassReason.nullable(),
});

export const ListingAgentView = z
  .object({
    kind: z.literal("listing"),
    market_id: z.string(),
    viewer: z.string(),
    tape: z.array(TapeEntry),
    me: OwnDecision.extend({
      thread: z
        .object({
          status: z.enum(["open", "deal", "walk", "expired", "closed"]),
          turns: z.array(DialogueTurn),
          /** The observation a single-episode buyer gets; own_private_budget is the ask, not the agent's value. */
          observation: Observation,
          deal_price: z.number().nullable(),
        })
        .nullable(),
    }).strict(),
  })
  .strict();

export const OwnSubmission = z
  .object({
    submission_id: z.string(),
    revision: z.number().int(),
    at: z.number(),
    price: z.number().int(),
    pitch: z.string(),
    status: z.enum(["judging", "qualified", "failed", "superseded", "won"]),
    score: z.number().int().nullable(),
    feedback: z.string().nullable(),
  })
  .strict();

export const RequestAgentView = z
  .object({
    kind: z.literal("request"),
    market_id: z.string(),
    viewer: z.string(),
    tape: z.array(TapeEntry),
    me: OwnDecision.extend({
      submissions: z.array(OwnSubmission),
      revisions_left: z.number().int(),
      won: z.boolean(),
    }).strict(),
  })
  .strict();

/** The requester sees the tape and what it bought: the winning submissions. */
export const RequesterView = z
  .object({
    kind: z.literal("requester"),
    market_id: z.string(),
    tape: z.array(TapeEntry),
    deliveries: z.array(
      z.object({ winner: z.string(), price: z.number().int(), pitch: z.string() }).strict(),
    ),
  })
  .strict();

export const PublicView = z
  .object({ kind: z.literal("public"), market_id: z.string(), tape: z.array(TapeEntry) })
  .strict();

export const MarketView = z.union([ListingAgentView, RequestAgentView, RequesterView, PublicView]);
export type ListingAgentView = z.infer<typeof ListingAgentView>;
export type RequestAgentView = z.infer<typeof RequestAgentView>;
export type RequesterView = z.infer<typeof RequesterView>;
export type PublicView = z.infer<typeof PublicView>;
export type MarketView = z.infer<typeof MarketView>;

export type Viewer = { role: "agent"; agent: string } | { role: "requester" } | { role: "public" };

/** The public tape: what anyone watching the exchange may see, in log order. */
export function tapeOf(m: Market): TapeEntry[] {
  const id = m.opened.market_id;
  const out: TapeEntry[] = [];
  /** Which judge's verdict stands for each submission (the last non-stale one). */
  const judgeOf = new Map<string, string>();
  for (const ev of m.events) {
    switch (ev.type) {
      case "judged":
        if (!ev.stale) judgeOf.set(ev.submission_id, ev.judge);
        break;
      case "listing_opened":
        out.push({
          kind: "listing_opened",
          market_id: id,
          at: ev.at,
          seller: `${ev.seller.id}@${ev.seller.version}`,
          item: ev.item,
          units: ev.units,
          ask: ev.anchor,
          message: ev.message,
          deadline: ev.deadline,
        });
        break;
      case "request_opened":
        out.push({
          kind: "request_opened",
          market_id: id,
          at: ev.at,
          requester: ev.requester,
          terms: ev.terms,
        });
        break;
      case "deal": {
        const price = toMinor(ev.price);
        out.push({ kind: "settled", market_id: id, at: ev.at, winner: ev.agent, price, fee: feeFor(price) });
        break;
      }
      case "won": {
        const judge = judgeOf.get(ev.submission_id);
        out.push({
          kind: "settled",
          market_id: id,
          at: ev.at,
          winner: ev.agent,
          price: ev.price,
          fee: feeFor(ev.price),
          ...(judge === undefined ? {} : { judge }),
        });
        break;
      }
      case "listing_closed":
        out.push({ kind: "closed", market_id: id, at: ev.at, outcome: ev.reason });
        break;
      case "request_closed":
        out.push({ kind: "closed", market_id: id, at: ev.at, outcome: ev.outcome });
        break;
    }
  }
  return out;
}

function ownDecision(m: Market, agent: string): z.infer<typeof OwnDecision> {
  const decision = m.part.decisions.get(agent) ?? null;
  let pass_reason: PassReason | null = null;
  if (decision === "passed")
    for (const ev of m.events) if (ev.type === "passed" && ev.agent === agent) pass_reason = ev.reason;
  return { decision, pass_reason };
}

function listingView(m: ListingState, agent: string, tape: TapeEntry[]): ListingAgentView {
  const t = m.threads.get(agent);
  let thread: ListingAgentView["me"]["thread"] = null;
  if (t !== undefined) {
    const deal = m.deals.find((d) => d.agent === agent) ?? null;
    let status: "open" | "deal" | "walk" | "expired" | "closed" = m.status === "closed" ? "closed" : "open";
    if (deal !== null) status = "deal";
    else if (t.outcome === "walk" || t.outcome === "expired") status = t.outcome;
    // The thread's own observation: its "budget" is the ask (a cap on offers), never the agent's value.
    const observation = observe(t);
    thread = { status, turns: [...t.dialogue], observation, deal_price: deal?.price ?? null };
  }
  return {
    kind: "listing",
    market_id: m.opened.market_id,
    viewer: agent,
    tape,
    me: { ...ownDecision(m, agent), thread },
  };
}

function requestView(m: RequestState, agent: string, tape: TapeEntry[]): RequestAgentView {
  const submissions: z.infer<typeof OwnSubmission>[] = [];
  for (const sub of m.subs.values()) {
    if (sub.agent !== agent) continue;
    submissions.push({
      submission_id: sub.id,
      revision: sub.revision,
      at: sub.at,
      price: sub.price,
      pitch: sub.pitch,
      status: sub.status,
      score: sub.score,
      feedback: sub.feedback,
    });
  }
  const used = submissions.length === 0 ? 0 : submissions.length - 1;
  return {
    kind: "request",
    market_id: m.opened.market_id,
    viewer: agent,
    tape,
    me: {
      ...ownDecision(m, agent),
      submissions,
      revisions_left: m.opened.max_revisions - used,
      won: m.winners.some((w) => w.agent === agent),
    },
  };
}

/** The one projection: every surface (HTTP, WS, SSE, MCP, simulation agents) calls this. */
export function viewFor(m: Market, viewer: Viewer): MarketView {
  if (viewer.role === "public") return { kind: "public", market_id: m.opened.market_id, tape: tapeOf(m) };
  if (viewer.role === "requester") {
    if (m.kind !== "request") return { kind: "public", market_id: m.opened.market_id, tape: tapeOf(m) };
    return {
      kind: "requester",
      market_id: m.opened.market_id,
      tape: tapeOf(m),
      deliveries: m.winners.map((w) => ({
        winner: w.agent,
        price: w.price,
        pitch: m.subs.get(w.submission_id)?.pitch ?? "",
      })),
    };
  }
  return agentView(m, viewer.agent, tapeOf(m));
}

const agentView = (m: Market, agent: string, tape: TapeEntry[]): MarketView =>
  m.kind === "listing" ? listingView(m, agent, tape) : requestView(m, agent, tape);

/**
 * Many agents' views of one market at once, each exactly `viewFor(m, {role: "agent", agent})`;
 * the tape is computed once and shared (read-only) instead of once per agent, which is what
 * an opening pushed to a whole roster costs.
 */
export function agentViewsFor(m: Market, agents: Iterable<string>): Map<string, MarketView> {
  const tape = tapeOf(m);
  const out = new Map<string, MarketView>();
  for (const a of agents) out.set(a, agentView(m, a, tape));
  return out;
}
