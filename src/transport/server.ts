import { readFileSync } from "node:fs";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import type { Hono } from "hono";
import type { Judge } from "../../markets/request/judge";
import { loadListingsFile } from "../../tasks/listings/load-listings-file";
import { createBuyerResolver } from "../buyer-runtime/buyer-resolver";
import { ConfigError, type ServerConfig } from "../config/config";
import { EXCHANGE_RETRY_AFTER_S, exchangeElsewhere } from "../exchange/exchange-error";
import { localExchangeHost, PgExchangeHost } from "../exchange/exchange-host";
import { type ExchangeShell, openExchange } from "../exchange/exchange-shell";
import { judgeFromSpec } from "../exchange/judge-from-spec";
import { readLlmConfig } from "../llm/config";
import { chatModelCache } from "../llm/model-cache";
import { redactSecrets } from "../llm/redact";
import { createLogger, type Logger } from "../log/logger";
import { registerOpenApiRoutes } from "../openapi/openapi-routes";
import { sellerBackendHealth } from "../seller-runtime/backend-health";
import { createSellerResolver, realResilienceDeps } from "../seller-runtime/seller-resolver";
import { createSessionService, type EngineSessionService } from "../sessions/engine-session-service";
import { MatchRunner } from "../sessions/matches";
import type { SessionService } from "../sessions/session-service";
import { openDatabase } from "../storage/open-database";
import { openStorage } from "../storage/open-storage";
import type { Storage } from "../storage/storage";
import type { UpgradeAdmission } from "../wire/admission";
import { createAccessControl, loadAdminKeys, loadApiKeys } from "./http/access-setup";
import { type AppDeps, createApp, type RouteMount } from "./http/app";
import { createExchangeGate, type ExchangeGate } from "./http/exchange-gate";
import { registerExchangeRoutes, requireExchangeHere } from "./http/exchange-routes";
import { configuredModelBuyers, matchBuyers } from "./http/match-routes";
import { isAddressInUse, PortInUseError } from "./http/port-in-use";
import { type ProtocolRoute, registerProtocolRoute } from "./http/protocol-route";
import { answerExchangeMcp } from "./mcp/exchange-mcp";
import { answerMcpFrame } from "./mcp/mcp-frame";
import { answerMcpHttp, MCP_REFUSED_MESSAGE, MCP_ROUTE_DOCS } from "./mcp/mcp-http";
import { attachExchangeWebSocket } from "./ws/exchange-ws";
import { attachOpenEnvWebSocket } from "./ws/openenv-ws";
import { wsAdmission } from "./ws-admission";

/** An agent's WebSocket reached a replica that does not run the exchange: 503, retry. */
function exchangeElsewhereUpgrade(): UpgradeAdmission {
  const { code, message } = exchangeElsewhere();
  return {
    ok: false,
    status: 503,
    body: { error: { code, message }, detail: message },
    headers: { "Retry-After": String(EXCHANGE_RETRY_AFTER_S) },
  };
}

export interface RunningServer {
  /** Base URL with the real port, e.g. http://127.0.0.1:41234 */
  url: string;
  port: number;
  service: EngineSessionService;
  store: Storage;
  /** The live exchange (agents, markets, ledger, tape) on the same database. */
  exchange: ExchangeShell;
  server: Server;
  /** Stop accepting, let in-flight requests finish, close WebSockets and the database. */
  close(): Promise<void>;
}

export interface StartOptions {
  logger?: Logger;
  /** Milliseconds clock for session TTLs (tests inject one). */
  now?: () => number;
  /** How long close() waits for in-flight requests before dropping connections. */
  drainMs?: number;
  /** LLM backend settings (HF token, Ollama host, models); process.env when omitted. */
  env?: Readonly<Record<string, string | undefined>>;
}

/** Probes are network calls: /health answers from a result at most `ms` old. */
function cachedFor<T>(ms: number, load: () => Promise<T>): () => Promise<T> {
  let at = 0;
  let value: Promise<T> | null = null;
  return () => {
    const now = Date.now();
    if (value === null || now - at > ms) {
      at = now;
      value = load();
    }
    return value;
  };
}

export function serverVersion(): string {
  try {
    const pkg = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as {
      version?: string;
    };
    return pkg.version ?? "0.0.0";
  } catch {
    return "0.0.0";
  }
}

/** POST /mcp: the MCP transport's answer on the HTTP transport's route. */
export const mcpRoute = (service: SessionService): ProtocolRoute => ({
  path: "/mcp",
  answer: answerMcpHttp(service),
  post: MCP_ROUTE_DOCS.post,
  refused: { methods: ["GET", "DELETE"], message: MCP_REFUSED_MESSAGE, doc: MCP_ROUTE_DOCS.refused },
});

/**
 * The production app: the HTTP routes plus the OpenAPI/metadata and MCP route groups, and any
 * `extra` groups (the exchange, which needs the running server's database).
 */
export function createServerApp(deps: AppDeps, extra: readonly RouteMount[] = []): Hono {
  return createApp(deps, [
    (a, d) => registerOpenApiRoutes(a, { service: d.service, version: d.version }),
    (a, d) => registerProtocolRoute(a, mcpRoute(d.service), d.bodyLimitKb * 1024),
    ...extra,
  ]);
}

/** The exchange's routes (HTTP and its MCP) as a route group; the route-walk test mounts the same. */
export const exchangeMount =
  (exchange: ExchangeShell, gate?: ExchangeGate, here?: () => Promise<boolean>): RouteMount =>
  (a, d) => {
    if (here !== undefined) requireExchangeHere(a, here);
    registerExchangeRoutes(a, exchange, d.bodyLimitKb * 1024, answerExchangeMcp(exchange), gate);
  };

export async function startServer(config: ServerConfig, opts: StartOptions = {}): Promise<RunningServer> {
  const log = opts.logger ?? createLogger(config.logLevel);
  // A bad product file stops startup (before anything is opened) with the file and row named.
  const listings = config.listings === null ? undefined : loadListingsFile(config.listings);
  const keys = loadApiKeys(config);
  const gate = createExchangeGate({
    keys,
    admin: loadAdminKeys(config),
    registrationsPerMin: config.agentRegistrationsPerMin,
    ...(opts.now === undefined ? {} : { now: opts.now }),
  });
  /** Set once close() began: /ready turns false so a load balancer stops sending new work. */
  let closing: Promise<void> | null = null;
  const storage = await openStorage({
    db: config.db,
    commitThread: config.commitThread,
    replicaId: config.replicaId,
    leaseTtlS: config.leaseTtlS,
    log,
  });
  const { store, writer } = storage;
  const access =
    keys === null ? null : { ...createAccessControl(keys, config, store, opts.now), tickets: gate.tickets };
  const llm = readLlmConfig(opts.env ?? process.env);
  const service = createSessionService({
    store,
    writer,
    ownership: storage.ownership,
    listings,
    sellers: createSellerResolver(llm, realResilienceDeps),
    buyers: createBuyerResolver(llm, realResilienceDeps),
    maxSessions: config.maxSessions,
    sessionTtlS: config.sessionTtlS,
    now: opts.now,
    logger: log,
  });
  // Watched matches (/web/watch): buyer models of their own, so a match never queues behind the
  // sellers' gates; model buyers only for the configured models.
  const buyers = matchBuyers(configuredModelBuyers(llm), chatModelCache(llm, realResilienceDeps));
  const matches = new MatchRunner({
    service,
    buyer: buyers.build,
    logger: log,
    redact: (text: string) => redactSecrets(text, [llm.hf.token]),
  });
  // Markets that were open when the server last stopped resume here (or close, if overdue). On
  // Postgres exactly one replica runs the exchange, the one holding its lease (exchange-host.ts).
  let judge: Judge;
  try {
    judge = judgeFromSpec(config.judge, llm, realResilienceDeps);
  } catch (err) {
    await storage.close();
    throw new ConfigError(`--judge: ${err instanceof Error ? err.message : String(err)}`);
  }
  const exchangeOpts = { logger: log, judge, judgeTimeoutMs: config.judgeTimeoutMs };
  const pgHost = storage.pg === null ? null : new PgExchangeHost(storage.pg, exchangeOpts);
  const exchangeHost =
    pgHost ?? localExchangeHost(openExchange(storage.sqlite ?? openDatabase(":memory:"), exchangeOpts));
  await pgHost?.start();
  const exchange = exchangeHost.shell;
  const exchangeHere = pgHost === null ? undefined : () => pgHost.acquire();
  const deps: AppDeps = {
    service,
    store,
    version: serverVersion(),
    bodyLimitKb: config.bodyLimitKb,
    dbStatus: () => storage.status(),
    accepting: () => closing === null,
    access,
    corsOrigins: config.corsOrigins,
    logger: log,
    backends: cachedFor(30_000, () => sellerBackendHealth(llm)),
    evalDb: config.evalDb,
    matches: { runner: matches, modelSpecs: [...buyers.models] },
    ...(exchangeHere === undefined ? {} : { exchangeHere }),
  };
  const app = createServerApp(deps, [exchangeMount(exchange, gate, exchangeHere)]);

  let server: Server;
  try {
    server = await new Promise<Server>((resolve, reject) => {
      const s = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, () =>
        resolve(s as Server),
      );
      s.once("error", reject);
    });
  } catch (err) {
    // Nothing was served: release the database and its helpers so the process can exit now.
    await exchangeHost.stop();
    await storage.close();
    throw isAddressInUse(err) ? new PortInUseError(config.port, config.host) : err;
  }
  server.keepAliveTimeout = 65_000;
  const admit = wsAdmission(config.corsOrigins, access);
  const agentsWs = attachExchangeWebSocket(server, exchange, {
    admit: (req) => (exchangeHost.held() ? admit(req) : exchangeElsewhereUpgrade()),
    logger: log,
    otherPaths: ["/ws"],
  });
  const stopMovedWatch = exchangeHost.onMoved(() => agentsWs.exchangeMoved());
  const ws = attachOpenEnvWebSocket(server, service, { admit, logger: log, mcp: answerMcpFrame });

  const sweepMs = Math.max(5_000, (config.sessionTtlS * 1000) / 4);
  const sweeper = setInterval(() => service.sweep(), sweepMs);
  sweeper.unref();

  const port = (server.address() as AddressInfo).port;
  const host = config.host === "0.0.0.0" || config.host === "::" ? "127.0.0.1" : config.host;
  const url = `http://${host.includes(":") ? `[${host}]` : host}:${port}`;
  log.info("server listening", {
    url,
    // Where a person starts: the play page and the API reference.
    web: `${url}/web/`,
    docs: `${url}/docs`,
    db: storage.where,
    replica: storage.ownership?.replicaId ?? null,
    max_sessions: config.maxSessions,
    ttl_s: config.sessionTtlS,
    commits: storage.commits,
    api_keys: keys === null ? "off" : keys.size,
    judge: judge.id,
  });

  const close = (): Promise<void> => {
    closing ??= (async () => {
      // Draining: /ready already answers 503; keep serving while the load balancer notices.
      if (config.drainGraceS > 0) {
        log.info("draining", { grace_s: config.drainGraceS });
        await new Promise((resolve) => setTimeout(resolve, config.drainGraceS * 1000));
      }
      clearInterval(sweeper);
      await matches.stop();
      const drained = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      // Streams and agent sockets end first; open markets stay open in the store and resume on start.
      stopMovedWatch();
      await exchangeHost.stop();
      await agentsWs.close();
      await ws.close();
      const timer = setTimeout(() => server.closeAllConnections(), opts.drainMs ?? 10_000);
      await drained;
      clearTimeout(timer);
      await service.drain();
      service.detachAll();
      await storage.close();
      log.info("server stopped");
    })();
    return closing;
  };
  return { url, port, service, store, exchange, server, close };
}
