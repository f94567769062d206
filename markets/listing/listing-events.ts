import { z } from "zod";
import { BuyerActed, SellerReplied } from "../../env/events";
import { AgentId, ClientKey, Engaged, EventBase, Passed } from "../participation";

/**
 * The log of a listing market: one seller (a pinned policy) offers `units` of an item; each
 * engaged buyer negotiates in its own private thread. Events record facts only; the state is
 * a fold over them. Thread steps embed the negotiation engine's own events, so a thread
 * replays through env/ exactly as an episode does.
 */
const Memory = z.record(z.string(), z.union([z.number(), z.string(), z.boolean(), z.null()]));

export const ListingOpened = z.object({
  type: z.literal("listing_opened"),
  ...EventBase,
  market_id: z.string().min(1).max(128),
  seed: z.number().int().min(0),
  seller: z.object({ id: z.string(), version: z.number().int(), hash: z.string() }),
  /** The ledger account the seller side is paid into. */
  seller_account: z.string().min(1),
  persona: z.string(),
  item: z.object({ name: z.string(), category: z.string().nullable() }),
  units: z.number().int().min(1),
  anchor: z.number().positive(),
  /** Private to the seller side: never projected into any agent's view. */
  reservation: z.number().positive(),
  cost: z.number().positive(),
  max_rounds: z.number().int().min(1),
  message: z.string(),
  memory: Memory,
  deadline: z.number().int().min(0),
  /** Who the market was offered to. Private: nobody learns how many could compete. */
  roster: z.array(AgentId),
});

export const ThreadStep = z.object({
  type: z.literal("thread_step"),
  ...EventBase,
  agent: AgentId,
  client_key: ClientKey.nullable(),
  buyer: BuyerActed,
  /** The seller's guarded reply; null when the buyer's move ended the thread (accept, walk). */
  seller: SellerReplied.nullable(),
});

export const DealStruck = z.object({
  type: z.literal("deal"),
  ...EventBase,
  agent: AgentId,
  /** Rupees, as the negotiation engine agreed them; the ledger converts to paise. */
  price: z.number().positive(),
  unit: z.number().int().min(1),
  /** "thread": agreed in negotiation; "close": the seller took a standing offer at the deadline. */
  via: z.enum(["thread", "close"]),
});

export const ListingClosed = z.object({
  type: z.literal("listing_closed"),
  ...EventBase,
  reason: z.enum(["sold_out", "deadline"]),
});

export const ListingEvent = z.discriminatedUnion("type", [
  ListingOpened,
  Engaged,
  Passed,
  ThreadStep,
  DealStruck,
  ListingClosed,
]);
export type ListingEvent = z.infer<typeof ListingEvent>;
export type ListingOpenedEvent = z.infer<typeof ListingOpened>;
export type ThreadStepEvent = z.infer<typeof ThreadStep>;
export type DealEvent = z.infer<typeof DealStruck>;
