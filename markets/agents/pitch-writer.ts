import { deriveSeed, rngFor } from "../../env/prng";
import type { RequestTerms } from "../request/request-events";
import type { RequestAgentView } from "../views";

/** The request's terms, as the agent's own view shows them on the tape. */
export function termsOf(view: RequestAgentView): RequestTerms {
  const opened = view.tape.find((t) => t.kind === "request_opened");
  if (opened === undefined || opened.kind !== "request_opened")
    throw new Error("a request view starts with its terms");
  return opened.terms;
}

/**
 * How scripted sellers do the work: each criterion of the request is addressed with
 * probability `skill` (a revision retries only what the feedback said was missing), and the
 * pitch says so in plain words. Draws come from the agent's own stream for this market and
 * attempt, so one agent's work never depends on another's.
 */
export function writePitch(
  view: RequestAgentView,
  agent: string,
  skill: number,
  ctx: { seed: number; market: number },
): string {
  const { item, criteria } = termsOf(view);
  const previous = view.me.submissions.at(-1);
  const attempt = view.me.submissions.length;
  const rng = rngFor(deriveSeed(ctx.seed, `pitch:${agent}`), "arena", ctx.market, attempt);
  const covered = criteria.filter((c) => {
    // What the last attempt already covered stays covered; the rest gets another try.
    if (previous?.pitch.includes(c)) return true;
    return rng.next() < skill;
  });
  const promises = covered.length > 0 ? ` I will deliver ${covered.join(", ")}.` : "";
  return `Quote for the ${item.name}: I have done this kind of job before and I am ready to start now.${promises}`;
}
