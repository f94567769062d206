import { z } from "zod";
import { AgentAction } from "../../../markets/commands";
import { ClientKey, PassReason } from "../../../markets/participation";
import type { MarketView } from "../../../markets/views";
import type { ExchangeShell } from "../../exchange/exchange-shell";

/**
 * The exchange's actions as MCP tools, for tool-using LLM agents. Transport-free: each tool
 * takes its arguments, the authenticated agent (from its token, never from the arguments) and
 * the exchange, and returns text plus structured content. Every market a tool returns is the
 * agent's own view from markets/views. Registered by exchange-mcp.ts (`POST /agents/mcp`);
 * an SDK-based MCP server can register the same list.
 */
export interface ExchangeToolOutcome {
  text: string;
  structured: Record<string, unknown>;
}

interface ExchangeTool<S extends z.ZodType> {
  name: string;
  description: string;
  args: S;
  run(args: z.infer<S>, agent: string, ex: ExchangeShell): ExchangeToolOutcome | Promise<ExchangeToolOutcome>;
}

const tool = <S extends z.ZodType>(t: ExchangeTool<S>): ExchangeTool<S> => t;
const MarketArg = z.string().min(1).max(128).describe("The market id from your inbox.");

function summary(v: MarketView): string {
  const opened = v.tape[0];
  const last = v.tape[v.tape.length - 1];
  const head =
    opened?.kind === "request_opened"
      ? `Request ${v.market_id}: ${opened.terms.item.name}, up to ${opened.terms.max_price} paise, top ${opened.terms.top_n}, bar ${opened.terms.min_quality}/10, criteria: ${opened.terms.criteria.join("; ")}.`
      : opened?.kind === "listing_opened"
        ? `Listing ${v.market_id}: ${opened.units} × ${opened.item.name}, ask ${opened.ask}. Seller: "${opened.message}"`
        : `Market ${v.market_id}.`;
  const status = last?.kind === "closed" ? ` Closed (${last.outcome}).` : "";
  if (v.kind === "listing" && v.me.thread !== null) {
    const t = v.me.thread;
    return `${head}${status} Your thread is ${t.status}; the seller last said: "${t.observation.message}" (their ask: ${t.observation.opponent_last_offer}).`;
  }
  if (v.kind === "request" && v.me.submissions.length > 0) {
    const s = v.me.submissions[v.me.submissions.length - 1];
    return `${head}${status} Your latest quote ${s?.price} paise is ${s?.status}${s?.score == null ? "" : ` (score ${s.score}: ${s.feedback})`}; revisions left: ${v.me.revisions_left}.`;
  }
  return `${head}${status}`;
}

const acting =
  (action: (a: Record<string, unknown>) => z.infer<typeof AgentAction>) =>
  (args: Record<string, unknown>, agent: string, ex: ExchangeShell): ExchangeToolOutcome => {
    const r = ex.exchange.act(agent, {
      market_id: args.market_id as string,
      action: AgentAction.parse(action(args)),
      ...(args.client_key === undefined ? {} : { client_key: args.client_key as string }),
    });
    return { text: `${r.applied ? "" : "(already done) "}${summary(r.view)}`, structured: r };
  };

export const EXCHANGE_TOOLS = [
  tool({
    name: "market_inbox",
    description:
      "Markets offered to you and changes to your own markets since `after` (a cursor from the last call).",
    args: z.strictObject({ after: z.number().int().min(0).default(0) }),
    run(args, agent, ex) {
      const items = ex.exchange.inbox.after(agent, args.after);
      const cursor = items.length > 0 ? (items[items.length - 1]?.n ?? args.after) : args.after;
      const text = items.length === 0 ? "Nothing new." : items.map((i) => summary(i.view)).join("\n");
      return { text, structured: { cursor, items } };
    },
  }),
  tool({
    name: "market_view",
    description: "Your own view of one market: the public tape plus your thread or your submissions.",
    args: z.strictObject({ market_id: MarketArg }),
    run(args, agent, ex) {
      const v = ex.exchange.view(agent, args.market_id);
      return { text: summary(v), structured: { view: v } };
    },
  }),
  tool({
    name: "market_engage",
    description: "Take part in a market (needed before offering or submitting).",
    args: z.strictObject({ market_id: MarketArg, client_key: ClientKey.optional() }),
    run: acting(() => ({ type: "engage" })),
  }),
  tool({
    name: "market_pass",
    description: "Decline a market, with a machine-readable reason.",
    args: z.strictObject({ market_id: MarketArg, reason: PassReason, client_key: ClientKey.optional() }),
    run: acting((a) => ({ type: "pass", reason: a.reason as PassReason })),
  }),
  tool({
    name: "market_offer",
    description: "In a listing: offer the seller a price (rupees), optionally with a message.",
    args: z.strictObject({
      market_id: MarketArg,
      price: z.number().positive(),
      message: z.string().max(1000).optional(),
      client_key: ClientKey.optional(),
    }),
    run: acting((a) => ({
      type: "offer",
      price: a.price as number,
      message: a.message as string | undefined,
    })),
  }),
  tool({
    name: "market_accept",
    description: "In a listing: accept the seller's current ask.",
    args: z.strictObject({ market_id: MarketArg, client_key: ClientKey.optional() }),
    run: acting(() => ({ type: "accept" })),
  }),
  tool({
    name: "market_walk",
    description: "In a listing: end your negotiation without a deal.",
    args: z.strictObject({ market_id: MarketArg, client_key: ClientKey.optional() }),
    run: acting(() => ({ type: "walk" })),
  }),
  tool({
    name: "market_submit",
    description:
      "In a request: quote a price (paise, up to max_price) with a pitch addressing the criteria. A client_key makes a retry safe.",
    args: z.strictObject({
      market_id: MarketArg,
      price: z.number().int().min(1),
      pitch: z.string().min(1).max(2000),
      client_key: ClientKey.optional(),
    }),
    run: acting((a) => ({ type: "submit", price: a.price as number, pitch: a.pitch as string })),
  }),
  tool({
    name: "market_pnl",
    description: "Your cash PnL from the ledger (paise): bought, sold, paid, fees, received, net.",
    args: z.strictObject({}),
    run(_args, agent, ex) {
      const p = ex.pnl(agent);
      return {
        text: `Net ${p.net} paise (received ${p.received}, paid ${p.paid}, fees ${p.fees}).`,
        structured: p,
      };
    },
  }),
] as const;

export const findExchangeTool = (name: string) => EXCHANGE_TOOLS.find((t) => t.name === name);

export function exchangeToolDescriptor(t: (typeof EXCHANGE_TOOLS)[number]) {
  const { $schema: _dialect, ...inputSchema } = z.toJSONSchema(t.args, { io: "input" });
  return { name: t.name, description: t.description, inputSchema };
}
