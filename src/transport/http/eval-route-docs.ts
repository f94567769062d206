import type { z } from "zod";
import { EpisodeView } from "../../wire/episode-view";
import { AnyLeaderboardResponse, EvalRunResponse } from "../../wire/leaderboard";
import { MatchBuyersResponse, MatchRequest, MatchStep, MatchView } from "../../wire/match";
import type { Named } from "../../wire/operation";
import { documented } from "./route-docs";

/*
 * /openapi.json entries of the leaderboard, eval-run and watched-match routes
 * (leaderboard-route.ts, match-routes.ts), beside route-docs.ts's, which is near its size cap.
 */
const n = (name: string, schema: z.ZodType): Named => [name, schema];
const RUN_ID = {
  name: "run_id",
  description: "An eval run id (bazaar eval --run-id, or the one it printed).",
};

export const EVAL_ROUTE_DOCS = {
  leaderboard: documented({
    tag: "leaderboard",
    summary: "Buyers (or, with role=seller, seller agents) ranked from stored eval runs",
    description:
      "role=seller ranks seller agents from finished `bazaar eval --role seller` runs on the seller-role task score, per task and buyer and overall, with the same CIs and provenance (no oracle, no replay links); its filters are task, buyer, agent and engine. Without a role (or role=buyer): finished `bazaar eval` runs in the server's eval store (`--eval-db`), ranked per task and overall on the mean task score with 95 % bootstrap CIs, the fraction of the oracle's score where an oracle row matches, and each row's provenance, run link and example replays. Where two runs measured the same thing the newer stands. With no runs, empty tables and `how_to_add`.",
    guard: "read",
    query: [
      { name: "role", description: "buyer (default) or seller: which board.", required: false },
      { name: "task", description: "A task reference, e.g. single_deal or single_deal@2.", required: false },
      {
        name: "seller",
        description: "A seller as id@version, e.g. bazaar-default@1 (buyer board).",
        required: false,
      },
      {
        name: "buyer",
        description: "A buyer as id@version, e.g. rule-smart@1 (seller board).",
        required: false,
      },
      {
        name: "agent",
        description: "A seller agent as id@version, e.g. scripted-seller@1 (seller board).",
        required: false,
      },
      { name: "engine", description: "An engine version, e.g. 1.1.0.", required: false },
    ],
    ok: { description: "The ranked tables", schema: n("AnyLeaderboardResponse", AnyLeaderboardResponse) },
    errors: [422],
  }),
  evalRun: documented({
    tag: "leaderboard",
    summary: "One finished eval run",
    description: "The run's provenance and its reproducible summary (the same as its summary.json).",
    guard: "read",
    path: [RUN_ID],
    ok: { description: "The run", schema: n("EvalRunResponse", EvalRunResponse) },
    errors: [404, 422],
  }),
  evalEpisode: documented({
    tag: "leaderboard",
    summary: "One episode of a finished eval run",
    description:
      "Rebuilt by replaying the buyer's stored decisions on the same task, seed and seller release, every step checked against what the eval recorded; the whole log, hidden values included (the run is over). 409 when this build cannot reproduce it (an LLM seller, a listings file, another release).",
    guard: "read",
    path: [
      RUN_ID,
      { name: "episode_id", description: "<run>.<buyer>.<task>.<seed>, with -k for a career's episode k." },
    ],
    ok: { description: "The episode", schema: n("EpisodeView", EpisodeView) },
    errors: [404, 409, 422],
  }),
  matchBuyers: documented({
    tag: "watch",
    summary: "Buyers a watched match can use",
    description:
      "Every scripted buyer, and a model buyer for each LLM backend this server is configured with (with its reachability). No other model or URL is accepted.",
    guard: "read",
    ok: { description: "Buyers", schema: n("MatchBuyersResponse", MatchBuyersResponse) },
  }),
  startMatch: documented({
    tag: "watch",
    summary: "Start a watched match",
    description:
      "The server plays the buyer against the seller through an ordinary session only it can drive; every episode is stored. Poll GET /matches/{id}. Unknown buyer: 422; unknown seller or task: 400; more than 8 running: 503.",
    guard: "body",
    body: n("MatchRequest", MatchRequest),
    ok: { description: "The match, with its opening", schema: n("MatchView", MatchView), status: 201 },
    errors: [400, 503],
  }),
  match: documented({
    tag: "watch",
    summary: "A watched match's moves",
    description:
      "Status and the moves from `after` on: each with the buyer's move, whether the fallback played (and why) and what the buyer saw. The seller's hidden values are never here; once the match is over, `replay` links the stored episode, which shows them.",
    guard: "read",
    path: [{ name: "id", description: "A match id from POST /matches." }],
    query: [{ name: "after", description: "Moves already seen (default 0).", required: false }],
    ok: { description: "The match", schema: n("MatchView", MatchView) },
    errors: [404, 422],
  }),
  matchStream: documented({
    tag: "watch",
    summary: "A watched match as it is played (Server-Sent Events)",
    description:
      "`text/event-stream`: one `step` event per move (`data` a MatchStep as JSON, `id` the number of moves sent so far), then one `end` event whose `data` is the MatchView with its status, error and replay link (no steps), and the stream closes. Resume with the `Last-Event-ID` header (EventSource sends it on reconnect) or `?after=`: moves already seen. A `: keep-alive` comment comes every 15 s. Unknown match: 404 before the stream starts.",
    guard: "read",
    path: [{ name: "id", description: "A match id from POST /matches." }],
    query: [{ name: "after", description: "Moves already seen (default 0).", required: false }],
    headers: [{ name: "last-event-id", description: "As `after`; set by EventSource on reconnect." }],
    ok: {
      description: "The moves from the cursor on, then the end",
      sse: true,
      schema: n("MatchStep", MatchStep),
    },
    errors: [404, 422],
  }),
} as const;
