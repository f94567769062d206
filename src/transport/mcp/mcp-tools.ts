import { z } from "zod";
import type { Action } from "../../../env/action";
import { RewardMode } from "../../../env/episode-spec";
import type { Observation } from "../../../env/observation";
import { formatMoney } from "../../wire/money";
import { MAX_SEED } from "../../wire/reset";
import { SELLER_TOOLS } from "./seller-tools";
import {
  boundSession,
  outcomeSentence,
  SessionArg,
  startedOutcome,
  steppedOutcome,
  type ToolContext,
  type ToolOutcome,
  tool,
} from "./tool-kit";

export type { ToolContext, ToolOutcome } from "./tool-kit";

function statusLine(o: Observation, done: boolean): string {
  const ask = o.opponent_last_offer ?? o.seller_asking_price;
  const head = `Round ${o.current_round}/${o.max_rounds}; the seller's standing ask is ${formatMoney(ask)}; your budget is ${formatMoney(o.own_private_budget)}.`;
  if (!done) return head;
  return `${head} The negotiation is over: ${outcomeSentence(o)}`;
}

async function stepTool(ctx: ToolContext, sessionId: string, action: Action): Promise<ToolOutcome> {
  const r = await ctx.service.step({ session_id: sessionId, action }, ctx.channel);
  return steppedOutcome(r, statusLine(r.observation, r.done));
}

/**
 * The agent-facing tools. None is named reset/step/state/close: OpenEnv reserves those for the
 * orchestrator's Gym-style API, and an agent must never drive it directly.
 */
export const TOOLS = [
  tool({
    name: "new_negotiation",
    description:
      "Start a new negotiation as the buyer. Returns the session id to pass to the other tools, the item, your budget and the seller's opening line.",
    needsSession: false,
    args: z.strictObject({
      task: z.string().min(1).max(64).optional().describe("Task id, e.g. single_deal (the default)."),
      seed: z.number().int().min(0).max(MAX_SEED).optional().describe("Seed for a reproducible episode."),
      seller: z.string().min(1).max(200).optional().describe("Seller release as id@version."),
      reward_mode: RewardMode.optional(),
    }),
    async run(args, _sessionId, ctx) {
      const r = await ctx.service.reset({ ...args, ...boundSession(ctx) }, ctx.channel);
      const o = r.observation;
      return startedOutcome(ctx, r, `You are buying: ${o.item_name}.\n${o.message}\n${statusLine(o, false)}`);
    },
  }),
  tool({
    name: "make_offer",
    description: "Offer the seller a price, optionally with a message.",
    needsSession: true,
    args: z.strictObject({
      session_id: SessionArg,
      price: z.number().describe("Your offer in the listing's currency."),
      message: z.string().max(2000).optional().describe("What you say to the seller."),
    }),
    run: (args, sessionId, ctx) =>
      stepTool(ctx, sessionId as string, { type: "offer", price: args.price, message: args.message }),
  }),
  tool({
    name: "accept_offer",
    description: "Accept the seller's current asking price and close the deal.",
    needsSession: true,
    args: z.strictObject({ session_id: SessionArg }),
    run: (_args, sessionId, ctx) => stepTool(ctx, sessionId as string, { type: "accept" }),
  }),
  tool({
    name: "walk_away",
    description: "End the negotiation without a deal.",
    needsSession: true,
    args: z.strictObject({ session_id: SessionArg }),
    run: (_args, sessionId, ctx) => stepTool(ctx, sessionId as string, { type: "walk" }),
  }),
  tool({
    name: "get_state",
    description:
      "Read the negotiation's state in either role: offers so far, dialogue, round and outcome (your own private numbers; the other side's only once it is over).",
    needsSession: true,
    args: z.strictObject({ session_id: SessionArg }),
    async run(_args, sessionId, ctx) {
      const { session_id: _sid, ...state } = ctx.service.stateOf(sessionId as string, ctx.channel);
      return { text: JSON.stringify(state), structured: state };
    },
  }),
  ...SELLER_TOOLS,
] as const;

export type ToolName = (typeof TOOLS)[number]["name"];

export const findTool = (name: string) => TOOLS.find((t) => t.name === name);

/** The arguments schema a caller sees; on a WS connection the session argument is implied. */
export function toolArgsSchema(spec: (typeof TOOLS)[number], bound: boolean): z.ZodType {
  if (!bound || !spec.needsSession) return spec.args;
  const shape = (spec.args as z.ZodObject).shape;
  return z.strictObject({ ...shape, session_id: SessionArg.optional() });
}

export function toolDescriptor(spec: (typeof TOOLS)[number], bound: boolean) {
  const { $schema: _dialect, ...inputSchema } = z.toJSONSchema(toolArgsSchema(spec, bound), { io: "input" });
  return { name: spec.name, description: spec.description, inputSchema };
}
