import { applyDecision, lastSeq, newParticipation, type Participation, rememberKey } from "../participation";
import type { RequestEvent, RequestOpenedEvent, WonEvent } from "./request-events";

export type SubmissionStatus = "judging" | "qualified" | "failed" | "superseded" | "won";

export interface Submission {
  id: string;
  agent: string;
  revision: number;
  seq: number;
  at: number;
  price: number;
  pitch: string;
  status: SubmissionStatus;
  score: number | null;
  feedback: string | null;
  error: string | null;
}

export interface RequestState {
  readonly kind: "request";
  opened: RequestOpenedEvent;
  events: RequestEvent[];
  /** closing: the deadline passed but a submission made in time is still being judged. */
  status: "open" | "closing" | "closed";
  part: Participation;
  /** Every submission, in sequence order (a Map keeps insertion order). */
  subs: Map<string, Submission>;
  /** Each agent's live (latest) submission. */
  latest: Map<string, string>;
  winners: WonEvent[];
  /** Submissions that have had their (one) verdict, stale ones included. */
  judged: Set<string>;
}

export function requestStart(o: RequestOpenedEvent): RequestState {
  return {
    kind: "request",
    opened: o,
    events: [o],
    status: "open",
    part: newParticipation(o.roster),
    subs: new Map(),
    latest: new Map(),
    winners: [],
    judged: new Set(),
  };
}

/** The reducer: the only code that changes a request market. */
export function applyRequest(s: RequestState, ev: RequestEvent): void {
  if (ev.type === "request_opened") throw new Error("request_opened only begins a log");
  if (ev.seq !== lastSeq(s) + 1) throw new Error(`event seq ${ev.seq} does not follow ${lastSeq(s)}`);
  s.events.push(ev);
  switch (ev.type) {
    case "engaged":
    case "passed":
      applyDecision(s.part, ev);
      return;
    case "submitted": {
      if (ev.supersedes !== null) {
        const old = s.subs.get(ev.supersedes);
        if (old !== undefined) old.status = "superseded";
      }
      s.subs.set(ev.submission_id, {
        id: ev.submission_id,
        agent: ev.agent,
        revision: ev.revision,
        seq: ev.seq,
        at: ev.at,
        price: ev.price,
        pitch: ev.pitch,
        status: "judging",
        score: null,
        feedback: null,
        error: null,
      });
      s.latest.set(ev.agent, ev.submission_id);
      rememberKey(s.part, ev.agent, ev.client_key);
      return;
    }
    case "judged": {
      s.judged.add(ev.submission_id);
      const sub = s.subs.get(ev.submission_id);
      // A stale verdict stays in the log for audit; it never touches the revision that replaced it.
      if (sub === undefined || ev.stale) return;
      sub.status = ev.qualified ? "qualified" : "failed";
      sub.score = ev.score;
      sub.feedback = ev.feedback;
      sub.error = ev.error;
      return;
    }
    case "won": {
      const sub = s.subs.get(ev.submission_id);
      if (sub !== undefined) sub.status = "won";
      s.winners.push(ev);
      return;
    }
    case "deadline_reached":
      s.status = "closing";
      return;
    case "request_closed":
      s.status = "closed";
      return;
  }
}

export function replayRequest(events: readonly RequestEvent[]): RequestState {
  const [first, ...rest] = events;
  if (first === undefined || first.type !== "request_opened")
    throw new Error("a request log starts with request_opened");
  const s = requestStart(first);
  for (const ev of rest) applyRequest(s, ev);
  return s;
}
