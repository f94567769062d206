import type { MiddlewareHandler } from "hono";
import { describeRoute } from "hono-openapi";
import type { z } from "zod";
import {
  BatchResetRequest,
  BatchResetResponse,
  BatchStepRequestDoc,
  BatchStepResponse,
} from "../../wire/batch";
import { HealthResponse, ReadyResponse, SellersResponse, TasksResponse } from "../../wire/catalog";
import { AnyCounterfactualRequest, CounterfactualResponse } from "../../wire/counterfactual";
import { EpisodeListResponse } from "../../wire/episode-list";
import { EpisodeView } from "../../wire/episode-view";
import { HighlightRequest, HighlightResponseDoc } from "../../wire/highlight";
import { type Named, type OperationSpec, operationObject } from "../../wire/operation";
import { ResetRequest, ResetResponse } from "../../wire/reset";
import { ScoreResponse } from "../../wire/score";
import { BuyersResponse } from "../../wire/seller-role";
import { CloseRequest, CloseResponse, SessionState } from "../../wire/session";
import { StepRequest, StepResponse } from "../../wire/step";

/*
 * What each route of app.ts, highlight-route.ts and web-routes.ts answers, as the middleware
 * that puts it in /openapi.json (src/openapi/operation.ts). The schemas are the ones the
 * handlers validate with and answer with.
 */

const SESSION_QUERY = [
  { name: "session_id", description: "The session returned by /reset.", required: true },
];
const EPISODE_ID = [{ name: "id", description: "An episode id." }];

/**
 * The route's entry in /openapi.json, as a pass-through middleware beside its handler:
 * hono-openapi reads it off the app's registered routes, so the document lists exactly the
 * routes that exist, and the route-walk test (route-docs.test.ts) fails on a route without one.
 */
export const documented = (spec: OperationSpec): MiddlewareHandler =>
  describeRoute(operationObject(spec) as Parameters<typeof describeRoute>[0]);

const doc = documented;
const n = (name: string, schema: z.ZodType): Named => [name, schema];

export const ROUTE_DOCS = {
  reset: doc({
    tag: "episode",
    summary: "Start an episode",
    description:
      'Without `session_id` a new session is created (subject to capacity); with one, that session starts a new episode. Unknown keys (for example a dataset row\'s `prompt`) are ignored and listed in `info.ignored_keys`. `role` defaults to "buyer"; `"role": "seller"` plays the seller against a pinned buyer (`buyer`: "id@version") and answers with the seller\'s brief; its shapes are in GET /schema under `roles.seller` and docs/seller-role.md (the schemas here are the buyer role\'s).',
    guard: "body",
    body: n("ResetRequest", ResetRequest),
    ok: { description: "The first observation", schema: n("ResetResponse", ResetResponse) },
    errors: [404, 409, 503],
  }),
  step: doc({
    tag: "episode",
    summary: "Make one move (buyer, or seller in the seller role)",
    description:
      "Buyer role: an offer, accept or walk (`action.type`). Seller role: a counter, accept or walk (`action.action_type`); the pinned buyer answers. Game-rule violations that pass the schema (an out-of-range price, accepting with nothing on the table, a seller selling below its reservation) are not errors: they return 200 with `info.violations` and a penalty.",
    guard: "body",
    body: n("StepRequest", StepRequest),
    ok: { description: "The other side's answer", schema: n("StepResponse", StepResponse) },
    errors: [404, 409],
  }),
  state: doc({
    tag: "episode",
    summary: "Read the episode state",
    description:
      "The full public state, never stripped. The seller's cost and reservation appear once the episode is over.",
    guard: "read",
    query: SESSION_QUERY,
    ok: { description: "The state", schema: n("SessionState", SessionState) },
    errors: [404, 409, 422],
  }),
  score: doc({
    tag: "episode",
    summary: "Grade the session's run",
    description: "The task grader's score over the episodes finished so far, with summary metrics.",
    guard: "read",
    query: SESSION_QUERY,
    ok: { description: "The score", schema: n("ScoreResponse", ScoreResponse) },
    errors: [404, 409, 422],
  }),
  close: doc({
    tag: "episode",
    summary: "Close a session",
    description: "Frees the session's capacity slot. The stored episodes remain readable.",
    guard: "body",
    body: n("CloseRequest", CloseRequest),
    ok: { description: "Closed", schema: n("CloseResponse", CloseResponse) },
    errors: [404],
  }),
  batchReset: doc({
    tag: "batch",
    summary: "Start many episodes at once",
    description:
      "Vectorised reset with Gymnasium seed semantics. No autoreset. A bad item carries its own `error`; it never fails the batch.",
    guard: "body",
    body: n("BatchResetRequest", BatchResetRequest),
    ok: { description: "One result per item, in order", schema: n("BatchResetResponse", BatchResetResponse) },
    errors: [503],
  }),
  batchStep: doc({
    tag: "batch",
    summary: "Step many sessions at once",
    description: "One action per session; each result has the exact single-step shape plus `session_id`.",
    guard: "body",
    body: n("BatchStepRequest", BatchStepRequestDoc),
    ok: { description: "One result per item, in order", schema: n("BatchStepResponse", BatchStepResponse) },
  }),
  tasks: doc({
    tag: "catalog",
    summary: "List tasks",
    description: "Every task with its version, difficulty and description.",
    guard: "read",
    ok: { description: "Tasks", schema: n("TasksResponse", TasksResponse) },
  }),
  sellers: doc({
    tag: "catalog",
    summary: "List sellers",
    description: "Every released seller as id, version and content hash.",
    guard: "read",
    ok: { description: "Sellers", schema: n("SellersResponse", SellersResponse) },
  }),
  buyers: doc({
    tag: "catalog",
    summary: "List buyers (seller role)",
    description:
      "Every released buyer the seller role can play against (id, version, content hash), the LLM buyer key forms, and the seller-role tasks.",
    guard: "read",
    ok: { description: "Buyers and seller-role tasks", schema: n("BuyersResponse", BuyersResponse) },
  }),
  health: doc({
    tag: "openenv",
    summary: "Health",
    description:
      "`status` is `healthy` when the server accepts sessions; active and maximum session counts, the database and the LLM backends' reachability are included.",
    guard: "open",
    ok: { description: "Health", schema: n("HealthResponse", HealthResponse) },
  }),
  ready: doc({
    tag: "openenv",
    summary: "Readiness (load balancers)",
    description:
      "200 while the server takes new work; 503 with the same body while it drains after SIGTERM or cannot reach its database (docs/scaling.md). `/health` stays liveness.",
    guard: "open",
    ok: { description: "Ready", schema: n("ReadyResponse", ReadyResponse) },
  }),
  readyExchange: doc({
    tag: "openenv",
    summary: "Exchange readiness (load balancers)",
    description:
      "200 on the one replica that runs the exchange (agents, markets, ledger), after taking it over if the replica that ran it died; 503 with the same body on the others, or while draining (docs/scaling.md).",
    guard: "open",
    ok: { description: "This replica runs the exchange", schema: n("ReadyResponse", ReadyResponse) },
  }),
  episodes: doc({
    tag: "replay",
    summary: "List finished episodes",
    description:
      "The newest episodes whose run is over (what anyone may replay), without their logs; `limit` 1–100, default 20. Live episodes and session ids never appear.",
    guard: "read",
    query: [{ name: "limit", description: "How many, 1–100 (default 20).", required: false }],
    ok: {
      description: "Finished episodes, newest first",
      schema: n("EpisodeListResponse", EpisodeListResponse),
    },
    errors: [422],
  }),
  episode: doc({
    tag: "replay",
    summary: "Read a stored episode",
    description:
      "Once its run is over: the whole event log, the seller's hidden values included, for anyone with the id. While it is being played: 404, unless the x-session-id header names its session, which then gets the agent's own view only: the buyer's, or for a seller-role episode (`role: \"seller\"`) the seller's brief and the whole conversation so far, never the buyer's budget (docs/security.md). /web/replay polls this to follow a live game.",
    guard: "read",
    path: EPISODE_ID,
    headers: [
      { name: "x-session-id", description: "The session playing the episode, to read it while live." },
    ],
    ok: { description: "The episode", schema: n("EpisodeView", EpisodeView) },
    errors: [404],
  }),
  counterfactual: doc({
    tag: "replay",
    summary: "Branch a stored episode",
    description:
      "Replays the episode up to a round, then applies a different action. The branch is stored as a new episode. Only once the episode's run is over (409 EPISODE_NOT_OVER before). A buyer-role episode takes a buyer move (`action.type`); a seller-role episode takes a seller move (`action.action_type`) at the agent's reply in `from_round`, and its pinned code buyer answers as it would have (422 for the other role's move; 409 for an episode played against an LLM buyer or a release this build does not have). Scores are the agent's own: the buyer's task score, or the seller's episode score.",
    guard: "body",
    path: EPISODE_ID,
    body: n("CounterfactualRequest", AnyCounterfactualRequest),
    ok: {
      description: "Both outcomes and the branch's dialogue",
      schema: n("CounterfactualResponse", CounterfactualResponse),
    },
    errors: [404, 409],
  }),
  highlight: doc({
    tag: "tells",
    summary: "Mark the cues in a seller message",
    description:
      "The verbal tells one message carries, as non-overlapping spans a UI can underline, with a score per signal (docs/tells.md). Reads nothing stored and changes nothing.",
    guard: "body",
    body: n("HighlightRequest", HighlightRequest),
    ok: { description: "Spans and scores", schema: n("HighlightResponse", HighlightResponseDoc) },
  }),
} as const;

/** The browser UI's pages: in the document so no route exists undocumented, tagged apart. */
const page = (summary: string, description: string, status = 200) =>
  doc({
    tag: "web",
    summary,
    description,
    guard: "open",
    ok: status === 200 ? { description: "HTML page", html: true } : { description: "Redirect", status },
    errors: status === 200 ? [404] : [],
  });

export const PAGE_DOCS = {
  root: page("Home", "Redirects to the play page, /web/.", 302),
  web: page("Play page (no slash)", "Redirects to /web/.", 302),
  play: page("Play page", "Negotiate as the buyer in the browser."),
  replay: page("Replay page", "Step through a stored episode, with counterfactual branches."),
  sell: page("Sell page", "Sell to a bot buyer in the browser (the seller role)."),
  watch: page("Watch page", "Pick a buyer and a seller and watch a match move by move (POST /matches)."),
  leaderboard: page("Leaderboard page", "Buyers ranked from stored eval runs (GET /leaderboard)."),
  arena: page(
    "Arena page",
    "The exchange live: markets, winners and the cash leaderboard from the public tape.",
  ),
  asset: page("Page assets", "The pages' HTML, CSS and JavaScript (compiled from web/*.ts), by file name."),
  favicon: doc({
    tag: "web",
    summary: "Icon",
    description: "The pages' icon, an SVG diamond.",
    guard: "read",
    ok: { description: "SVG image" },
  }),
} as const;
