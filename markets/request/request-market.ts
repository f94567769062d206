import { MarketError } from "../errors";
import {
  lastSeq,
  type PassReason,
  requireBeforeDeadline,
  requireEngaged,
  requireRostered,
  requireUndecided,
  seenKey,
} from "../participation";
import { type JudgeInput, qualifies, type Verdict } from "./judge";
import { MAX_PITCH_CHARS, type RequestEvent, type RequestOpenedEvent, RequestTerms } from "./request-events";
import { applyRequest, type RequestState, requestStart } from "./request-state";

export const DEFAULT_MAX_REVISIONS = 2;

export interface RequestSpec {
  market_id: string;
  seed: number;
  requester: string;
  terms: RequestTerms;
  opened_at: number;
  roster: readonly string[];
  max_revisions?: number;
}

export function openRequest(spec: RequestSpec): RequestState {
  const terms = RequestTerms.safeParse(spec.terms);
  if (!terms.success)
    throw new MarketError("INVALID", `bad request terms: ${terms.error.issues[0]?.message}`);
  if (terms.data.deadline <= spec.opened_at)
    throw new MarketError("INVALID", "the deadline must be after the opening");
  if (new Set(spec.roster).size !== spec.roster.length)
    throw new MarketError("INVALID", "the roster repeats an agent");
  if (spec.roster.includes(spec.requester))
    throw new MarketError("INVALID", "the requester cannot fill its own request");
  const ev: RequestOpenedEvent = {
    type: "request_opened",
    seq: 1,
    at: spec.opened_at,
    market_id: spec.market_id,
    seed: spec.seed,
    requester: spec.requester,
    terms: terms.data,
    max_revisions: spec.max_revisions ?? DEFAULT_MAX_REVISIONS,
    roster: [...spec.roster],
  };
  return requestStart(ev);
}

export type RequestAction =
  | { type: "engage" }
  | { type: "pass"; reason: PassReason }
  | { type: "submit"; price: number; pitch: string };

export interface RequestCommand {
  agent: string;
  action: RequestAction;
  client_key?: string | null;
}

function emit<E extends RequestEvent>(s: RequestState, ev: E): E {
  applyRequest(s, ev);
  return ev;
}

const submissionId = (s: RequestState, agent: string, revision: number): string =>
  `${s.opened.market_id}:${agent}:${revision}`;

/**
 * One agent action. All checks run first: a refused action throws a MarketError and changes
 * nothing. A repeated client key returns no events (the first submit stands). A revision is
 * allowed while the agent's live submission is being judged or failed; it takes a new
 * sequence number, so it loses its place in time.
 */
export function actRequest(s: RequestState, cmd: RequestCommand, now: number): RequestEvent[] {
  const { agent, action } = cmd;
  const key = cmd.client_key ?? null;
  requireRostered(s.part, agent);
  if (seenKey(s.part, agent, key)) return [];
  requireBeforeDeadline(s.status === "open", s.opened.terms.deadline, now);
  const base = { seq: lastSeq(s) + 1, at: now, agent, client_key: key };
  if (action.type === "engage") {
    requireUndecided(s.part, agent);
    return [emit(s, { type: "engaged", ...base })];
  }
  if (action.type === "pass") {
    requireUndecided(s.part, agent);
    return [emit(s, { type: "passed", ...base, reason: action.reason })];
  }
  requireEngaged(s.part, agent);
  if (action.pitch.length > MAX_PITCH_CHARS)
    throw new MarketError("OVERSIZE", `a pitch is at most ${MAX_PITCH_CHARS} characters`);
  if (!Number.isSafeInteger(action.price) || action.price < 1 || action.price > s.opened.terms.max_price)
    throw new MarketError(
      "INVALID",
      `a quote is a whole number of paise from 1 to ${s.opened.terms.max_price}`,
    );
  const liveId = s.latest.get(agent) ?? null;
  const live = liveId === null ? undefined : s.subs.get(liveId);
  if (live !== undefined && (live.status === "qualified" || live.status === "won"))
    throw new MarketError("ALREADY_QUALIFIED", "this agent's submission already qualified");
  const revision = live === undefined ? 0 : live.revision + 1;
  if (revision > s.opened.max_revisions)
    throw new MarketError("REVISIONS_EXHAUSTED", `at most ${s.opened.max_revisions} revisions`);
  return [
    emit(s, {
      type: "submitted",
      ...base,
      submission_id: submissionId(s, agent, revision),
      revision,
      price: action.price,
      pitch: action.pitch,
      supersedes: liveId,
    }),
  ];
}

/** What the judge is shown: the request and the pitch, never the agent or its price. */
export function judgeInputFor(s: RequestState, submissionId: string): JudgeInput {
  const sub = s.subs.get(submissionId);
  if (sub === undefined) throw new MarketError("UNKNOWN_SUBMISSION", `no submission ${submissionId}`);
  const t = s.opened.terms;
  return { item: t.item.name, criteria: t.criteria, min_quality: t.min_quality, pitch: sub.pitch };
}

/**
 * Record a verdict. Each submission is judged once (a repeat verdict is ignored); a verdict
 * for a submission that has since been revised is logged as stale and applies to nothing.
 * Then winners are declared as far as the order allows, and a closing market may close.
 */
export function recordVerdict(
  s: RequestState,
  submissionId: string,
  verdict: Verdict,
  judgeId: string,
  now: number,
  /** The judge that failed, when `judgeId` is its fallback (settleVerdict). */
  fallbackFrom: { judge: string; error: string } | null = null,
): RequestEvent[] {
  const sub = s.subs.get(submissionId);
  if (sub === undefined) throw new MarketError("UNKNOWN_SUBMISSION", `no submission ${submissionId}`);
  if (s.judged.has(submissionId) || s.status === "closed") return [];
  const out: RequestEvent[] = [
    emit(s, {
      type: "judged",
      seq: lastSeq(s) + 1,
      at: now,
      submission_id: submissionId,
      judge: judgeId,
      score: verdict.score,
      qualified: qualifies(verdict, s.opened.terms.min_quality),
      feedback: verdict.feedback,
      error: verdict.error,
      stale: sub.status === "superseded",
      // Omitted when absent, so logs written before the field existed replay byte for byte.
      ...(fallbackFrom === null ? {} : { fallback_from: fallbackFrom }),
    }),
  ];
  out.push(...declareWinners(s, now), ...closeIfDone(s, now));
  return out;
}

/**
 * The top N earliest qualifying submissions win, one win per agent. Walking live submissions
 * in sequence order, a submission still being judged stops the walk: no later submission can
 * be declared while an earlier one might still qualify.
 */
function declareWinners(s: RequestState, now: number): RequestEvent[] {
  const out: RequestEvent[] = [];
  const top = s.opened.terms.top_n;
  const won = new Set(s.winners.map((w) => w.agent));
  for (const sub of s.subs.values()) {
    if (s.winners.length >= top) break;
    if (sub.status === "superseded" || sub.status === "failed" || sub.status === "won") continue;
    if (sub.status === "judging") break;
    if (won.has(sub.agent)) continue;
    out.push(
      emit(s, {
        type: "won",
        seq: lastSeq(s) + 1,
        at: now,
        agent: sub.agent,
        submission_id: sub.id,
        price: sub.price,
      }),
    );
    won.add(sub.agent);
  }
  if (s.winners.length >= top && s.status !== "closed")
    out.push(emit(s, { type: "request_closed", seq: lastSeq(s) + 1, at: now, outcome: "filled" }));
  return out;
}

function closeIfDone(s: RequestState, now: number): RequestEvent[] {
  if (s.status !== "closing") return [];
  for (const sub of s.subs.values()) if (sub.status === "judging") return [];
  const n = s.winners.length;
  const outcome = n === 0 ? "timeout" : n < s.opened.terms.top_n ? "partial" : "filled";
  return [emit(s, { type: "request_closed", seq: lastSeq(s) + 1, at: now, outcome })];
}

/** Advance the clock: at the deadline submissions stop; the market closes once nothing made in time awaits a verdict. */
export function tickRequest(s: RequestState, now: number): RequestEvent[] {
  if (s.status !== "open" || now < s.opened.terms.deadline) return [];
  const out: RequestEvent[] = [emit(s, { type: "deadline_reached", seq: lastSeq(s) + 1, at: now })];
  out.push(...closeIfDone(s, now));
  return out;
}

/** Submissions waiting for a verdict (including superseded ones, whose verdict will be stale). */
export const awaitingVerdict = (s: RequestState): string[] =>
  [...s.subs.keys()].filter((id) => !s.judged.has(id));
