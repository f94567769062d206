import { z } from "zod";
import { AgentCommand } from "../../markets/commands";
import { PassReason } from "../../markets/participation";
import { PublicRole } from "../../markets/public-role";
import { RequestTerms } from "../../markets/request/request-events";
import { MarketView, TapeEntry } from "../../markets/views";

/**
 * The exchange's wire contract (issue 14). Agents authenticate with `X-Agent-Token` (the
 * server's own API key, when one is configured, keeps `Authorization`). Every market a reply
 * carries is a `MarketView` from markets/views — the boundary — never raw state.
 */
export const AGENT_TOKEN_HEADER = "x-agent-token";

export const RegisterAgentRequest = z
  .object({
    name: z
      .string()
      .trim()
      .min(1)
      .max(64)
      .regex(/^[\p{L}\p{N} ._-]+$/u),
  })
  .strict();
export type RegisterAgentRequest = z.infer<typeof RegisterAgentRequest>;

export const RegisterAgentReply = z.object({
  agent_id: z.string(),
  name: z.string(),
  /** Shown once: the server keeps only its digest. */
  token: z.string(),
});
export type RegisterAgentReply = z.infer<typeof RegisterAgentReply>;

export const AgentMe = z.object({ agent_id: z.string(), name: z.string(), created_at: z.number() });

export const RevokeAgentReply = z.object({ agent_id: z.string(), revoked: z.literal(true) });
export type RevokeAgentReply = z.infer<typeof RevokeAgentReply>;

/** A request market as a requester posts it; the deadline is relative, the server's clock sets it. */
/** A read-only ticket for GET /markets/stream?ticket=… (for EventSource on a keyed server). */
export const StreamTicketReply = z.object({ ticket: z.string(), expires_at: z.number().int() });
export type StreamTicketReply = z.infer<typeof StreamTicketReply>;

export const OpenRequestBody = z
  .object({
    terms: RequestTerms.omit({ deadline: true }),
    duration_ms: z.number().int().min(500).max(3_600_000),
    max_revisions: z.number().int().min(0).max(10).optional(),
  })
  .strict();
export type OpenRequestBody = z.infer<typeof OpenRequestBody>;

/**
 * A listing: a pinned rule seller (`id@version`) offers `units` of one of the catalogue's goods
 * (by index) or of a named item at a list price; the seller's cost follows from the catalogue
 * line and is never shown. The opener is the house and cannot buy in its own listing.
 */
export const OpenListingBody = z
  .object({
    seller: z.string().min(3).max(64).default("bazaar-default@1"),
    goods: z.number().int().min(0).max(1000).optional(),
    units: z.number().int().min(1).max(50),
    duration_ms: z.number().int().min(500).max(3_600_000),
    rounds: z.number().int().min(2).max(20).default(8),
  })
  .strict();
export type OpenListingBody = z.infer<typeof OpenListingBody>;

export const OpenMarketReply = z.object({ market_id: z.string(), view: MarketView });

/** The markets still open, each as the public sees it. */
export const MarketsReply = z.object({ markets: z.array(MarketView) });
export type MarketsReply = z.infer<typeof MarketsReply>;

export { AgentCommand, MarketView, PassReason };

export const ActReply = z.object({
  market_id: z.string(),
  /** False when a client_key the agent already used came again: nothing changed. */
  applied: z.boolean(),
  view: MarketView,
});
export type ActReply = z.infer<typeof ActReply>;

export const InboxItem = z.object({
  /** Cursor: pass the largest you have seen as `after`. Grows across restarts. */
  n: z.number().int(),
  market_id: z.string(),
  view: MarketView,
});
export type InboxItem = z.infer<typeof InboxItem>;

export const InboxQuery = z
  .object({
    after: z.coerce.number().int().min(0).default(0),
    /** Seconds to hold the request open when nothing is waiting (long-poll). */
    wait: z.coerce.number().min(0).max(60).default(0),
  })
  .strict();

export const InboxReply = z.object({ cursor: z.number().int(), items: z.array(InboxItem) });
export type InboxReply = z.infer<typeof InboxReply>;

/** One tape entry with its global, monotonically increasing id (the SSE `id:`). */
export const TapeItem = z.object({ id: z.number().int().min(1), entry: TapeEntry });
export type TapeItem = z.infer<typeof TapeItem>;

export const LedgerReply = z.object({
  balanced: z.boolean(),
  total: z.number().int(),
  entries: z.number().int(),
  unbalanced_entries: z.array(z.number().int()),
});

/** Cash PnL from the ledger, in paise; value and cost stay private to each agent. */
export const PnlReply = z.object({
  agent_id: z.string(),
  bought: z.number().int(),
  sold: z.number().int(),
  paid: z.number().int(),
  fees: z.number().int(),
  received: z.number().int(),
  net: z.number().int(),
});
export type PnlReply = z.infer<typeof PnlReply>;

/** Every agent's cash PnL, with its name (null once unknown), for the public leaderboard. */
export const LeaderboardReply = z.object({
  agents: z.array(PnlReply.extend({ name: z.string().nullable() })),
});
export type LeaderboardReply = z.infer<typeof LeaderboardReply>;

/**
 * Ratings from the public tape alone (markets/public-ratings.ts): per agent and role, deals,
 * share of that role's settlements, mean capture of the public price range with its bootstrap
 * CI, a Bradley–Terry rating with its CI, and whether it is on the (share, capture) frontier.
 */
export const PublicRatingRow = z.object({
  agent: z.string(),
  name: z.string().nullable(),
  role: PublicRole,
  deals: z.number().int(),
  market_share: z.number(),
  mean_capture: z.number(),
  capture_ci: z.tuple([z.number(), z.number()]),
  rating: z.number(),
  rating_ci: z.tuple([z.number(), z.number()]),
  games: z.number().int(),
  on_frontier: z.boolean(),
});
export const PublicRatingsReply = z.object({
  /** The rating's name and version: what the numbers depend on, besides the tape. */
  method: z.string(),
  seed: z.number().int(),
  resamples: z.number().int(),
  /** The last tape id read: the ratings are those of the tape up to and including it. */
  as_of_tape_id: z.number().int(),
  tape_entries: z.number().int(),
  settlements: z.number().int(),
  rows: z.array(PublicRatingRow),
});
export type PublicRatingsReply = z.infer<typeof PublicRatingsReply>;

/** Frames an agent sends on `/agents/ws`. */
export const ExchangeClientFrame = z.discriminatedUnion("type", [
  z.object({ type: z.literal("act"), id: z.number().int().min(0), data: AgentCommand }).strict(),
  z
    .object({ type: z.literal("view"), id: z.number().int().min(0), market_id: z.string().min(1).max(128) })
    .strict(),
  z.object({ type: z.literal("tape"), after: z.number().int().min(0) }).strict(),
  z.object({ type: z.literal("inbox"), after: z.number().int().min(0) }).strict(),
]);
export type ExchangeClientFrame = z.infer<typeof ExchangeClientFrame>;

export const ExchangeServerFrame = z.discriminatedUnion("type", [
  z.object({ type: z.literal("result"), id: z.number().int(), data: ActReply }),
  z.object({ type: z.literal("view"), id: z.number().int(), data: MarketView }),
  z.object({ type: z.literal("inbox"), data: InboxItem }),
  z.object({ type: z.literal("tape"), data: TapeItem }),
  z.object({
    type: z.literal("error"),
    id: z.number().int().nullable(),
    error: z.object({ status: z.number().int(), code: z.string(), message: z.string() }),
  }),
]);
export type ExchangeServerFrame = z.infer<typeof ExchangeServerFrame>;
