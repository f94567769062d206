import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { setImmediate as nextTurn } from "node:timers/promises";
import { createAdaptorServer } from "@hono/node-server";
import { Hono } from "hono";
import { DEFAULT_CONFIG } from "../config/config";
import { silentLogger } from "../log/logger";
import { registerOpenApiRoutes } from "../openapi/openapi-routes";
import { createSessionService, type EngineSessionService } from "../sessions/engine-session-service";
import type { SessionService } from "../sessions/session-service";
import { EpisodeStore } from "../storage/episode-store";
import { openDatabase } from "../storage/open-database";
import { registerProtocolRoute } from "../transport/http/protocol-route";
import { answerMcpFrame } from "../transport/mcp/mcp-frame";
import { mcpRoute, startServer } from "../transport/server";
import { attachOpenEnvWebSocket } from "../transport/ws/openenv-ws";

export interface LiveBackend {
  url: string;
  wsUrl: string;
  service: SessionService;
  close(): Promise<void>;
}

export interface Backend {
  name: string;
  start(maxSessions: number): Promise<LiveBackend>;
}

/** The full production server (SQLite in memory) on an ephemeral port. */
export async function startRealServer(maxSessions = 64): Promise<LiveBackend> {
  const running = await startServer(
    { ...DEFAULT_CONFIG, port: 0, host: "127.0.0.1", db: ":memory:", maxSessions, logLevel: "silent" },
    { logger: silentLogger, drainMs: 1000 },
  );
  return {
    url: running.url,
    wsUrl: `${running.url.replace(/^http/, "ws")}/ws`,
    service: running.service,
    close: () => running.close(),
  };
}

/**
 * The OpenEnv surface (WS, MCP, schema, OpenAPI, docs, metadata) alone, on a real node http
 * server bound to an ephemeral port on 127.0.0.1.
 */
export async function startOpenEnvSurface(
  service: SessionService,
  opts: { maxPayloadBytes?: number } = {},
): Promise<Omit<LiveBackend, "service">> {
  const app = new Hono();
  registerProtocolRoute(app, mcpRoute(service));
  registerOpenApiRoutes(app, { service, version: "0.0.0-test" });
  const server = createAdaptorServer({ fetch: app.fetch }) as Server;
  const ws = attachOpenEnvWebSocket(server, service, { ...opts, mcp: answerMcpFrame });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    wsUrl: `ws://127.0.0.1:${port}/ws`,
    async close() {
      await ws.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** The real session service on an in-memory SQLite store (no HTTP routes around it). */
export function memorySessionService(maxSessions = 64): EngineSessionService {
  return createSessionService({
    store: new EpisodeStore(openDatabase(":memory:")),
    maxSessions,
    sessionTtlS: 1800,
  });
}

/**
 * Transport tests run against both: the production server, and the OpenEnv surface mounted
 * alone on the real session service (which shows the WS/MCP code needs nothing else of the app).
 */
export const BACKENDS: readonly Backend[] = [
  { name: "production server", start: startRealServer },
  {
    name: "OpenEnv surface alone",
    async start(maxSessions) {
      const service = memorySessionService(maxSessions);
      const s = await startOpenEnvSurface(service);
      return { ...s, service };
    },
  },
];

/** Resolves once the service reports this many active sessions (a release is asynchronous). */
export async function activeSessionsReach(service: SessionService, n: number): Promise<void> {
  while (service.capacity().active_sessions !== n) await nextTurn();
}
