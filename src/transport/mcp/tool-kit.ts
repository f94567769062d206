import type { z } from "zod";
import type { SessionService } from "../../sessions/session-service";
import { formatMoney } from "../../wire/money";
import { SessionId } from "../../wire/session-id";

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
