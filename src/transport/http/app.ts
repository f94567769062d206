import { Hono } from "hono";
import { cors } from "hono/cors";
import { LLM_BUYER_KEY_FORMS, listBuyerDescriptions } from "../../../buyers/registry";
import { listSellerDescriptions } from "../../../sellers/registry";
import {
  CURRENT_SELLER_TASK_KEYS,
  SELLER_TASKS,
  sellerTaskKey,
} from "../../../tasks/seller-role/seller-tasks";
import { ALL_TASKS } from "../../../tasks/task-ref";
import { errorFields, type Logger, silentLogger } from "../../log/logger";
import type { EngineSessionService } from "../../sessions/engine-session-service";
import type { DbStatus } from "../../storage/open-storage";
import type { Storage } from "../../storage/storage";
import type { ReadyResponse } from "../../wire/catalog";
import { CounterfactualRequest, SellerCounterfactualRequest } from "../../wire/counterfactual";
import { EpisodeListQuery } from "../../wire/episode-list";
import { ResetRequest } from "../../wire/reset";
import { isSellerReset, isSellerStep, SellerResetRequest, SellerStepRequest } from "../../wire/seller-role";
import { CloseRequest } from "../../wire/session";
import { StepRequest } from "../../wire/step";
import { type AccessControl, accessControl } from "./access-control";
import { registerBatchRoutes } from "./batch-routes";
import { registerBuyerHealthRoute } from "./buyer-health-route";
import { registerHighlightRoute } from "./highlight-route";
import { asHttpError, HttpError, internalError, renderError } from "./http-errors";
import { registerLeaderboardRoutes } from "./leaderboard-route";
import { type MatchRouteDeps, registerMatchRoutes } from "./match-routes";
import { originGuard } from "./origin-guard";
import { readJson, requireQuery, tooLarge, validate } from "./request-input";
import { ROUTE_DOCS } from "./route-docs";
import { registerWebRoutes } from "./web-routes";

export interface AppDeps {
  service: EngineSessionService;
  store: Storage;
  /** The server's own version (package.json), reported by /health and /metadata. */
  version: string;
  bodyLimitKb: number;
  /** "full" while commits fail for lack of disk space, "unavailable" while Postgres is unreachable. */
  dbStatus?: () => DbStatus;
  /** False once the server drains (SIGTERM): /ready then tells the load balancer to send no more. */
  accepting?: () => boolean;
  /**
   * Whether this replica runs the exchange, taking it over first if its holder is gone (Postgres,
   * src/exchange/exchange-host.ts); always true when absent (one server on SQLite).
   */
  exchangeHere?: () => Promise<boolean>;
  corsOrigins: readonly string[];
  /** API keys and their per-key caps; null or absent runs the server open (the default). */
  access?: AccessControl | null;
  logger?: Logger;
  /** Reachability of configured LLM backends for /health (never secrets); none when omitted. */
  backends?: () => Promise<readonly BackendStatus[]>;
  /** The watch page's matches: model buyers offered and how to build them (code buyers always). */
  matches?: Omit<MatchRouteDeps, "service" | "limitBytes" | "backends">;
  /** The eval store `bazaar eval` writes; GET /leaderboard reads it (absent: no eval routes). */
  evalDb?: string;
}

export interface BackendStatus {
  backend: string;
  reachable: boolean;
  detail: string;
  sellerKey: string;
}

/** Optional route groups owned by other modules (OpenAPI docs, MCP); attached by `createApp`. */
export type RouteMount = (app: Hono, deps: AppDeps) => void;

const SESSION_HINT = "session_id identifies your session; POST /reset returns one.";

function taskSummary() {
  return ALL_TASKS.map((t) => ({
    id: t.id,
    version: t.version,
    difficulty: t.difficulty,
    description: t.description,
    total_episodes: t.totalEpisodes,
    rounds_per_episode: t.roundsPerEpisode,
    seller: t.seller,
    success_threshold: t.successThreshold,
    grader: t.grader,
    items: t.items,
  }));
}

/** The seller role's tasks (played with /reset {"role": "seller"}), listed beside its buyers. */
function sellerTaskSummary() {
  const all = SELLER_TASKS.map((t) => ({
    id: sellerTaskKey(t),
    difficulty: t.difficulty,
    description: t.description,
    buyer: t.buyer,
    success_threshold: t.successThreshold,
    current: CURRENT_SELLER_TASK_KEYS.includes(sellerTaskKey(t)),
  }));
  // Current versions first, so a menu built from this list opens on one.
  return [...all.filter((t) => t.current), ...all.filter((t) => !t.current)];
}

function sellerSummary() {
  return listSellerDescriptions().map((s) => ({ key: `${s.id}@${s.version}`, ...s }));
}

/**
 * The HTTP app: OpenEnv's stateful-superset routes plus batch, catalog and episode routes.
 * `mounts` add route groups from other modules (OpenAPI/docs/metadata, MCP) before the
 * not-found handler; the WebSocket is attached to the node server, not here.
 */
export function createApp(deps: AppDeps, mounts: readonly RouteMount[] = []): Hono {
  const { service, store } = deps;
  const log = deps.logger ?? silentLogger;
  const limit = deps.bodyLimitKb * 1024;
  const app = new Hono();

  app.onError((err, c) => {
    const known = asHttpError(err);
    if (known) return renderError(c, known);
    log.error("request failed", { method: c.req.method, path: c.req.path, ...errorFields(err) });
    return renderError(c, internalError());
  });
  app.notFound((c) =>
    renderError(c, new HttpError("NOT_FOUND", `No route ${c.req.method} ${c.req.path}.`, "Not Found")),
  );

  if (deps.corsOrigins.length > 0) {
    const origins = [...deps.corsOrigins];
    app.use("*", cors({ origin: origins.includes("*") ? "*" : origins }));
  }
  app.use("*", originGuard(deps.corsOrigins));
  if (deps.access) app.use("*", accessControl(deps.access, limit));
  // Refuse an announced oversized body before reading it; readJson re-checks what actually arrived.
  app.use("*", async (c, next) => {
    const len = c.req.header("content-length");
    if (len !== undefined && Number(len) > limit) throw tooLarge(limit);
    await next();
  });

  // "role": "seller" picks the seller role's shapes; everything else is the buyer role, unchanged.
  app.post("/reset", ROUTE_DOCS.reset, async (c) => {
    const raw = await readJson(c, limit, {});
    if (isSellerReset(raw)) return c.json(await service.resetSeller(validate(SellerResetRequest, raw)));
    return c.json(await service.reset(validate(ResetRequest, raw)));
  });

  app.post("/step", ROUTE_DOCS.step, async (c) => {
    const raw = await readJson(c, limit);
    if (isSellerStep(raw)) return c.json(await service.stepSeller(validate(SellerStepRequest, raw)));
    return c.json(await service.step(validate(StepRequest, raw)));
  });

  app.get("/state", ROUTE_DOCS.state, (c) =>
    c.json(service.stateOf(requireQuery(c, "session_id", SESSION_HINT))),
  );
  app.get("/score", ROUTE_DOCS.score, (c) =>
    c.json(service.scoreOf(requireQuery(c, "session_id", SESSION_HINT))),
  );

  app.post("/close", ROUTE_DOCS.close, async (c) => {
    const req = validate(CloseRequest, await readJson(c, limit));
    return c.json(await service.close(req.session_id));
  });

  registerBatchRoutes(app, service, limit, log);

  app.get("/tasks", ROUTE_DOCS.tasks, (c) => c.json({ tasks: taskSummary() }));
  app.get("/sellers", ROUTE_DOCS.sellers, (c) => c.json({ sellers: sellerSummary() }));
  app.get("/buyers", ROUTE_DOCS.buyers, (c) =>
    c.json({
      buyers: listBuyerDescriptions(),
      llm_key_forms: LLM_BUYER_KEY_FORMS,
      tasks: sellerTaskSummary(),
    }),
  );

  app.get("/health", ROUTE_DOCS.health, async (c) => {
    // Known unreachable: say so without a probe that would only wait for a timeout.
    const known = deps.dbStatus?.() ?? "ok";
    const db = known === "unavailable" ? known : !store.healthy() ? "error" : known;
    const backends = deps.backends ? await deps.backends() : [];
    return c.json(
      {
        status: db === "ok" ? "healthy" : "degraded",
        version: deps.version,
        ...service.capacity(),
        db,
        backends,
      },
      200,
    );
  });

  // Readiness, for load balancers: whether to send this replica new work. /health stays liveness.
  app.get("/ready", ROUTE_DOCS.ready, (c) => {
    const draining = deps.accepting !== undefined && !deps.accepting();
    const db = deps.dbStatus?.() ?? "ok";
    const ready = !draining && db !== "unavailable";
    const body: ReadyResponse = { ready, draining, db };
    return c.json(body, ready ? 200 : 503);
  });

  // The exchange's readiness: HAProxy sends the exchange's routes to the one replica saying 200.
  app.get("/ready/exchange", ROUTE_DOCS.readyExchange, async (c) => {
    const draining = deps.accepting !== undefined && !deps.accepting();
    const db = deps.dbStatus?.() ?? "ok";
    const here =
      !draining && db !== "unavailable" && (deps.exchangeHere === undefined || (await deps.exchangeHere()));
    const body: ReadyResponse = { ready: here, draining, db };
    return c.json(body, here ? 200 : 503);
  });

  app.get("/episodes", ROUTE_DOCS.episodes, (c) => {
    const { limit } = validate(EpisodeListQuery, c.req.query(), "query");
    return c.json(service.recentEpisodes(limit));
  });

  // The session id rides in a header, never the URL: episode links get shared, headers do not.
  app.get("/episodes/:id", ROUTE_DOCS.episode, (c) =>
    c.json(service.episodeOf(c.req.param("id"), c.req.header("x-session-id") || undefined)),
  );

  app.post("/episodes/:id/counterfactual", ROUTE_DOCS.counterfactual, async (c) => {
    const body = await readJson(c, limit);
    // A seller move names `action_type` (seller-role episodes); a buyer move names `type`.
    const req = isSellerStep(body)
      ? validate(SellerCounterfactualRequest, body)
      : validate(CounterfactualRequest, body);
    return c.json(await service.counterfactual(c.req.param("id"), req));
  });

  registerHighlightRoute(app, limit);
  registerBuyerHealthRoute(app, deps.backends);
  if (deps.evalDb !== undefined) registerLeaderboardRoutes(app, deps.evalDb);
  registerMatchRoutes(app, {
    service,
    limitBytes: limit,
    ...(deps.backends ? { backends: deps.backends } : {}),
    ...deps.matches,
  });
  registerWebRoutes(app);
  for (const mount of mounts) mount(app, deps);
  return app;
}
