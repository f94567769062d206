import type { Hono } from "hono";
import { summarize } from "../../../eval/metrics/eval-summary";
import { leaderboardView, sellerLeaderboardView } from "../../boundary/leaderboard-view";
import { evalRuns } from "../../cli/eval/stored-runs";
import { evalEpisodeView } from "../../sessions/eval-episodes";
import { ServiceError } from "../../sessions/session-service";
import { LeaderboardQuery, LeaderboardRoleQuery, SellerLeaderboardQuery } from "../../wire/leaderboard";
import { EVAL_ROUTE_DOCS } from "./eval-route-docs";
import { validate } from "./request-input";

const ID = /^[A-Za-z0-9_.:@+-]{1,255}$/;

function idParam(value: string, what: string): string {
  if (ID.test(value)) return value;
  throw new ServiceError(
    "VALIDATION_ERROR",
    `Invalid ${what}: letters, digits and _ . : @ + - only, at most 255.`,
    422,
  );
}

/**
 * Read-only routes over the eval store (`bazaar eval` writes it; the server never does):
 * GET /leaderboard, GET /eval/runs/:run_id (provenance and summary) and
 * GET /eval/runs/:run_id/episodes/:episode_id (one episode's whole log for the replay page).
 */
export function registerLeaderboardRoutes(app: Hono, evalDb: string): void {
  const runs = evalRuns(evalDb);
  app.get("/leaderboard", EVAL_ROUTE_DOCS.leaderboard, (c) => {
    const { role, ...rest } = validate(LeaderboardRoleQuery, c.req.query(), "query");
    if (role === "seller")
      return c.json(
        sellerLeaderboardView(runs.finishedSellerRuns(), validate(SellerLeaderboardQuery, rest, "query")),
      );
    // role=buyer answers exactly what no role does (the filters echoed without it).
    return c.json(leaderboardView(runs.finishedRuns(), validate(LeaderboardQuery, rest, "query")));
  });
  app.get("/eval/runs/:run_id", EVAL_ROUTE_DOCS.evalRun, (c) => {
    const runId = idParam(c.req.param("run_id"), "run id");
    const run = runs.finishedRun(runId);
    if (run === undefined) throw new ServiceError("NOT_FOUND", `No finished eval run "${runId}".`, 404);
    return c.json({
      run_id: run.run_id,
      git_commit: run.git_commit,
      engine_version: run.engine_version,
      created_at: run.created_at,
      // The plan's buyers only: an oracle stored beside them (eval --oracle) is not a row.
      summary: summarize(
        run.plan,
        run.units.filter((u) => run.plan.buyers.includes(u.buyer_id)),
      ),
    });
  });
  app.get("/eval/runs/:run_id/episodes/:episode_id", EVAL_ROUTE_DOCS.evalEpisode, (c) => {
    const runId = idParam(c.req.param("run_id"), "run id");
    const id = idParam(c.req.param("episode_id"), "episode id");
    return c.json(evalEpisodeView(runs.finishedRun(runId), runId, id));
  });
}
