import { z } from "zod";
import type { SellerPolicy } from "../env/seller-policy";
import { MarketError } from "./errors";
import { actListing, MAX_MESSAGE_CHARS, tickListing } from "./listing/listing-market";
import type { Market, MarketEvent } from "./market";
import { ClientKey, PassReason } from "./participation";
import { MAX_PITCH_CHARS } from "./request/request-events";
import { actRequest, tickRequest } from "./request/request-market";

/**
 * The wire shape of every agent action, for both market kinds, and one dispatcher. The
 * shell parses a body with `AgentCommand`, resolves the agent from its token (never from the
 * body), and calls `actMarket` with its clock; the result is the new events or a MarketError.
 * Text fields are capped one character past the domain caps, so an oversize message or pitch
 * reaches the domain and gets its own typed error instead of a generic schema failure.
 */
const Message = z
  .string()
  .max(MAX_MESSAGE_CHARS + 1)
  .optional();

export const AgentAction = z.discriminatedUnion("type", [
  z.object({ type: z.literal("engage") }).strict(),
  z.object({ type: z.literal("pass"), reason: PassReason }).strict(),
  z.object({ type: z.literal("offer"), price: z.number(), message: Message }).strict(),
  z.object({ type: z.literal("accept"), message: Message }).strict(),
  z.object({ type: z.literal("walk"), message: Message }).strict(),
  z
    .object({
      type: z.literal("submit"),
      price: z.number().int(),
      pitch: z.string().max(MAX_PITCH_CHARS + 1),
    })
    .strict(),
]);
export type AgentAction = z.infer<typeof AgentAction>;

export const AgentCommand = z
  .object({ market_id: z.string().min(1).max(128), action: AgentAction, client_key: ClientKey.optional() })
  .strict();
export type AgentCommand = z.infer<typeof AgentCommand>;

export interface MarketDeps {
  /** The pinned seller policy of a listing market (checked against the market's pin). */
  seller?: SellerPolicy;
}

/** Apply one authenticated agent's action to a market of either kind. */
export function actMarket(
  m: Market,
  agent: string,
  action: AgentAction,
  clientKey: string | null,
  now: number,
  deps: MarketDeps = {},
): MarketEvent[] {
  if (m.kind === "listing") {
    if (action.type === "submit")
      throw new MarketError("INVALID", "a listing market takes offers, not submissions");
    if (deps.seller === undefined) throw new Error("a listing market needs its seller policy to act");
    return actListing(m, { agent, action, client_key: clientKey }, now, deps.seller);
  }
  if (action.type === "offer" || action.type === "accept" || action.type === "walk")
    throw new MarketError("INVALID", "a request market takes submissions, not offers");
  return actRequest(m, { agent, action, client_key: clientKey }, now);
}

/** Advance a market's clock (deadlines); the shell calls this from its timer. */
export const tickMarket = (m: Market, now: number): MarketEvent[] =>
  m.kind === "listing" ? tickListing(m, now) : tickRequest(m, now);
