import type { z } from "zod";
import type { SessionService } from "../../sessions/session-service";
import { formatMoney } from "../../wire/money";
import { stepReply } from "../../wire/reply";
import type { SellerStepResponse } from "../../wire/seller-role";
import { SessionId } from "../../wire/session-id";
import type { StepResponse } from "../../wire/step";

export interface ToolContext {
  service: SessionService;
  /** Set when the call arrives over a WS connection, whose session it then targets. */
  boundSessionId?: string;
  /** That connection, which a WS-held session requires on every call. */
  channel?: object;
}

export interface ToolOutcome {
  text: string;
  structured: Record<string, unknown>;
}

export interface ToolSpec<S extends z.ZodType> {
  name: string;
  description: string;
  needsSession: boolean;
  args: S;
  run(args: z.infer<S>, sessionId: string | undefined, ctx: ToolContext): Promise<ToolOutcome>;
}

export const SessionArg = SessionId.describe("The session returned by new_negotiation or new_sale.");

export const tool = <S extends z.ZodType>(spec: ToolSpec<S>): ToolSpec<S> => spec;

/** The session a starting tool resets: the WS connection's own when the call came over one, else a new one. */
export const boundSession = (ctx: ToolContext): { session_id?: string } =>
  ctx.boundSessionId ? { session_id: ctx.boundSessionId } : {};

/** What either role's reset answers, as far as a starting tool shows it. */
interface Started {
  session_id: string;
  episode_id: string;
  observation: unknown;
  info: unknown;
}

/**
 * A starting tool's outcome (new_negotiation, new_sale): the new session's id first, unless the
 * WS connection already implies it, then the role's own opening lines.
 */
export function startedOutcome(ctx: ToolContext, r: Started, lines: string): ToolOutcome {
  const structured = {
    ...(ctx.boundSessionId ? {} : { session_id: r.session_id }),
    episode_id: r.episode_id,
    observation: r.observation,
    info: r.info,
  };
  const intro = ctx.boundSessionId ? "" : `Session ${r.session_id}.\n`;
  return { text: `${intro}${lines}`, structured };
}

/**
 * How a finished negotiation ended, in the status line of either role's tools. Prices in these
 * lines are written by the one price formatter the sellers' words, the notices and the web page
 * use (#17): "₹52.73", never 52.7300000001 or a rounded 53.
 */
export function outcomeSentence(o: { deal_outcome: string | null; agreed_price: number | null }): string {
  return o.deal_outcome === "deal" && o.agreed_price !== null
    ? `Deal closed at ${formatMoney(o.agreed_price)}.`
    : `No deal (${o.deal_outcome ?? "ended"}).`;
}

/** A moving tool's outcome in either role: the other side's words, the role's status line, the Gym-style reply. */
export const steppedOutcome = (r: StepResponse | SellerStepResponse, status: string): ToolOutcome => ({
  text: `${r.observation.message}\n${status}`,
  structured: { ...stepReply(r) },
});
