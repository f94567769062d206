import { z } from "zod";
import type { SellerAction } from "../../../env/seller-role/seller-action";
import type { SellerObservation } from "../../../env/seller-role/seller-observation";
import { formatMoney } from "../../wire/money";
import { MAX_SEED } from "../../wire/reset";
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

/** The seller role's tools: the agent sells to a pinned buyer (its budget stays hidden). */
function sellerStatus(o: SellerObservation, done: boolean): string {
  const offer =
    o.buyer_last_offer === null ? "no offer yet" : `the buyer offers ${formatMoney(o.buyer_last_offer)}`;
  const head = `Round ${o.current_round}/${o.max_rounds}; ${offer}; your standing price is ${formatMoney(o.own_last_quote)}; your reservation is ${formatMoney(o.brief.reservation)}.`;
  if (!done) return head;
  return `${head} The sale is over: ${outcomeSentence(o)}`;
}

async function sellerStep(ctx: ToolContext, sessionId: string, action: SellerAction): Promise<ToolOutcome> {
  const r = await ctx.service.stepSeller({ session_id: sessionId, action }, ctx.channel);
  // A career moved on to its next deal: say how the last one ended before the new item.
  const ended = r.info.terminal_observation;
  const c = r.observation.career;
  const between =
    ended === undefined || c === undefined
      ? ""
      : `Deal ${c.episode_number - 1} of ${c.total_episodes} is over: ${outcomeSentence(ended)}\nNext you are selling: ${r.observation.brief.item_name} (ask ${formatMoney(r.observation.brief.ask_price)}).\n`;
  const out = steppedOutcome(r, sellerStatus(r.observation, r.done));
  return { ...out, text: `${between}${out.text}` };
}

const Message = z.string().max(2000).optional().describe("What you say to the buyer.");

export const SELLER_TOOLS = [
  tool({
    name: "new_sale",
    description:
      "Start selling as the seller against a pinned buyer agent. Returns the session id, your private brief (item, ask, cost, reservation, persona, bonus scheme) and the buyer's first move.",
    needsSession: false,
    args: z.strictObject({
      task: z
        .string()
        .min(1)
        .max(64)
        .optional()
        .describe(
          "Seller-role task, e.g. sell_single_deal@2 (exact money); omitted or bare ids mean version 1.",
        ),
      seed: z.number().int().min(0).max(MAX_SEED).optional().describe("Seed for a reproducible episode."),
      buyer: z
        .string()
        .min(1)
        .max(200)
        .optional()
        .describe("Buyer release as id@version, e.g. rule-smart@1."),
    }),
    async run(args, _sessionId, ctx) {
      const r = await ctx.service.resetSeller({ role: "seller", ...args, ...boundSession(ctx) }, ctx.channel);
      const o = r.observation;
      const lines = `You are selling: ${o.brief.item_name} (ask ${formatMoney(o.brief.ask_price)}).\n${o.message}\n${sellerStatus(o, r.done)}`;
      return startedOutcome(ctx, r, lines);
    },
  }),
  tool({
    name: "counter_price",
    description: "Quote the buyer a new price (never above your last quote), optionally with a message.",
    needsSession: true,
    args: z.strictObject({
      session_id: SessionArg,
      price: z.number().describe("Your price."),
      message: Message,
    }),
    run: (args, sessionId, ctx) =>
      sellerStep(ctx, sessionId as string, {
        action_type: "counter",
        price: args.price,
        message: args.message,
      }),
  }),
  tool({
    name: "accept_bid",
    description: "Accept the buyer's standing offer and close the sale.",
    needsSession: true,
    args: z.strictObject({ session_id: SessionArg, message: Message }),
    run: (args, sessionId, ctx) =>
      sellerStep(ctx, sessionId as string, { action_type: "accept", message: args.message }),
  }),
  tool({
    name: "end_sale",
    description: "Walk away from the sale without a deal.",
    needsSession: true,
    args: z.strictObject({ session_id: SessionArg, message: Message }),
    run: (args, sessionId, ctx) =>
      sellerStep(ctx, sessionId as string, { action_type: "walk", message: args.message }),
  }),
];
