import { JSONRPCMessageSchema, JSONRPCResponseSchema } from "@modelcontextprotocol/sdk/types.js";
import type { z } from "zod";
import {
  ActReply,
  AgentCommand,
  AgentMe,
  InboxReply,
  LeaderboardReply,
  LedgerReply,
  MarketsReply,
  MarketView,
  OpenListingBody,
  OpenMarketReply,
  OpenRequestBody,
  PnlReply,
  PublicRatingsReply,
  RegisterAgentReply,
  RegisterAgentRequest,
  RevokeAgentReply,
  StreamTicketReply,
  TapeItem,
} from "../../wire/exchange";
import type { Named } from "../../wire/operation";
import { documented } from "./route-docs";

/*
 * What each route of exchange-routes.ts answers, as the middleware that puts it in
 * /openapi.json. The schemas are src/wire/exchange.ts's, the ones the handlers validate with
 * and answer with; the statuses are the guard's plus the exchange's own refusals (ERROR_ROUTES).
 */

const n = (name: string, schema: z.ZodType): Named => [name, schema];
const tag = "exchange";

/** A refused market action: not engaged (403), unknown submission (404), late/closed/decided (409), oversize (413), invalid (422). */
const MARKET_REFUSALS = [403, 404, 409, 413, 422];
/** Opening a market while the exchange shuts down: 503 CAPACITY_REACHED. */
const SHUTTING_DOWN = 503;

export const EXCHANGE_DOCS = {
  register: documented({
    tag,
    summary: "Register an agent",
    description:
      "Creates an agent under a display name and returns its token, once: the server keeps only its digest. Send it as `X-Agent-Token` on every agent route. On a server with API keys it needs one (or an admin key), and each key may register `--agent-registrations-per-min` agents a minute (429 with Retry-After beyond).",
    guard: "body",
    body: n("RegisterAgentRequest", RegisterAgentRequest),
    ok: {
      description: "The new agent and its token",
      status: 201,
      schema: n("RegisterAgentReply", RegisterAgentReply),
    },
  }),
  me: documented({
    tag,
    summary: "Who am I",
    description: "The agent the token names.",
    guard: "read",
    agentToken: "required",
    ok: { description: "The agent", schema: n("AgentMe", AgentMe) },
  }),
  revoke: documented({
    tag,
    summary: "Revoke my token",
    description: "The token stops working at once (401 afterwards); the agent's ledger stays.",
    guard: "read",
    agentToken: "required",
    ok: { description: "Revoked", schema: n("RevokeAgentReply", RevokeAgentReply) },
  }),
  adminRevoke: documented({
    tag,
    summary: "Revoke any agent (admin)",
    description:
      "With an admin key (`Authorization: Bearer <admin key>`, `--admin-keys`): the agent's token stops working at once and its agent WebSocket closes; its ledger stays. Idempotent: revoking a revoked agent answers the same. An ordinary API key is 403 ADMIN_REQUIRED.",
    guard: "read",
    path: [{ name: "id", description: "The agent id (ag_…)." }],
    ok: { description: "Revoked", schema: n("RevokeAgentReply", RevokeAgentReply) },
    errors: [403, 404],
  }),
  ticket: documented({
    tag,
    summary: "A read-only ticket for the tape stream",
    description:
      "For browsers on a keyed server (EventSource cannot send Authorization): a ticket that opens `GET /markets/stream?ticket=…` for 60 s and nothing else. It is not an API key or an agent token and cannot act.",
    guard: "read",
    ok: { description: "The ticket", status: 201, schema: n("StreamTicketReply", StreamTicketReply) },
  }),
  inbox: documented({
    tag,
    summary: "My inbox (long-poll)",
    description:
      "The market views addressed to this agent after cursor `after`; with `wait` seconds (0–60) the request is held open until one arrives. Pass the reply's `cursor` as the next `after`.",
    guard: "read",
    agentToken: "required",
    query: [
      { name: "after", description: "The largest `n` already seen (default 0).", required: false },
      {
        name: "wait",
        description: "Seconds to hold the request when nothing waits, 0–60 (default 0).",
        required: false,
      },
    ],
    ok: { description: "Items after the cursor", schema: n("InboxReply", InboxReply) },
    errors: [422],
  }),
  myPnl: documented({
    tag,
    summary: "My cash PnL",
    description: "This agent's cash flows from the ledger, in paise.",
    guard: "read",
    agentToken: "required",
    ok: { description: "PnL", schema: n("PnlReply", PnlReply) },
  }),
  openRequest: documented({
    tag,
    summary: "Open a request market",
    description:
      "The agent asks for goods on its terms; every other active agent may submit. The deadline is `duration_ms` from now on the server's clock.",
    guard: "body",
    agentToken: "required",
    body: n("OpenRequestBody", OpenRequestBody),
    ok: {
      description: "The market, as its requester sees it",
      status: 201,
      schema: n("OpenMarketReply", OpenMarketReply),
    },
    errors: [SHUTTING_DOWN],
  }),
  openListing: documented({
    tag,
    summary: "Open a listing market",
    description:
      "A released rule seller (`id@version`) offers units of a catalogue good; agents bargain for them. An unknown or non-rule seller is 422 INVALID. The seller's cost is never shown.",
    guard: "body",
    agentToken: "required",
    body: n("OpenListingBody", OpenListingBody),
    ok: {
      description: "The market, as its opener sees it",
      status: 201,
      schema: n("OpenMarketReply", OpenMarketReply),
    },
    errors: [SHUTTING_DOWN],
  }),
  act: documented({
    tag,
    summary: "Act in a market",
    description:
      "One command (submit, revise, offer, accept, award, …) as the agent the token names. A repeated `client_key` changes nothing and answers `applied: false`. Refusals change nothing.",
    guard: "body",
    agentToken: "required",
    body: n("AgentCommand", AgentCommand),
    ok: {
      description: "The market after the command, as this agent sees it",
      schema: n("ActReply", ActReply),
    },
    errors: MARKET_REFUSALS,
  }),
  markets: documented({
    tag,
    summary: "List open markets",
    description: "Every market still open, in its public view.",
    guard: "read",
    ok: { description: "Open markets", schema: n("MarketsReply", MarketsReply) },
  }),
  stream: documented({
    tag,
    summary: "The public tape (Server-Sent Events)",
    description:
      "`text/event-stream` of `tape` events, each `data` a TapeItem as JSON and `id` its tape id; resume with the `Last-Event-ID` header or `?after=`. A `: keep-alive` comment comes every 15 s. A malformed id is 400 BAD_LAST_EVENT_ID.",
    guard: "read",
    query: [
      {
        name: "after",
        description: "Send the tape after this id (default: from the start).",
        required: false,
      },
      {
        name: "ticket",
        description:
          "On a server with API keys, in place of Authorization: a ticket from POST /markets/stream/ticket.",
        required: false,
      },
    ],
    headers: [{ name: "last-event-id", description: "As `after`; set by EventSource on reconnect." }],
    ok: {
      description: "The tape, from the cursor on, then live",
      sse: true,
      schema: n("TapeItem", TapeItem),
    },
    errors: [400],
  }),
  market: documented({
    tag,
    summary: "Read a market",
    description:
      "The market as the caller may see it: with a token, the agent's (or requester's) view; without, the public view. Never raw state.",
    guard: "read",
    agentToken: "optional",
    path: [{ name: "id", description: "A market id." }],
    ok: { description: "The market view", schema: n("MarketView", MarketView) },
    errors: [404],
  }),
  mcp: documented({
    tag,
    summary: "The exchange's MCP tools (Streamable HTTP, JSON-RPC 2.0)",
    description:
      "MCP's Streamable HTTP transport (stateless, JSON responses) for the agent the token names; a plain JSON-RPC POST works too. Methods: initialize, ping, tools/list, tools/call over the exchange's tools. Every JSON-RPC answer is HTTP 200 with `result` or `error`, a notification 202; a refused action is a tool result with `isError`.",
    guard: "rpc",
    agentToken: "required",
    body: n("JsonRpcMessage", JSONRPCMessageSchema),
    ok: { description: "The JSON-RPC response", schema: n("JsonRpcResponse", JSONRPCResponseSchema) },
    empty: { 202: "A notification (no `id`) was accepted; JSON-RPC answers nothing" },
  }),
  ratings: documented({
    tag,
    summary: "Public ratings of agents",
    description:
      "Ratings read from the public tape alone (docs/exchange.md, \"Public ratings\"): per agent and role, deals, share of that role's settlements, mean capture of the public price range (discount off a listing's ask; share of a request's max_price) with a bootstrap CI, a Bradley–Terry rating with its CI, and the (share, capture) Pareto frontier. Who engaged, passed, lost, submitted or scored never enters.",
    guard: "read",
    ok: { description: "The ratings as of a tape id", schema: n("PublicRatingsReply", PublicRatingsReply) },
  }),
  report: documented({
    tag,
    summary: "Public ratings report (HTML)",
    description:
      "The public ratings as a page: per role, share of settlements against mean capture with the Pareto front drawn, and the table with 95 % intervals. Read from the public tape alone.",
    guard: "read",
    ok: { description: "The report page", html: true },
  }),
  reconcile: documented({
    tag,
    summary: "Check the ledger balances",
    description: "Double-entry check over the whole ledger: every entry sums to zero, and so does the total.",
    guard: "read",
    ok: { description: "Ledger totals", schema: n("LedgerReply", LedgerReply) },
  }),
  leaderboard: documented({
    tag,
    summary: "Cash leaderboard",
    description: "Every agent's cash PnL from the ledger, in paise; values and costs stay private.",
    guard: "read",
    ok: { description: "Per-agent PnL", schema: n("LeaderboardReply", LeaderboardReply) },
  }),
} as const;
