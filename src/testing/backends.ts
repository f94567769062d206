import { setImmediate as nextTurn } from "node:timers/promises";
import { DEFAULT_CONFIG } from "../config/config";
import { silentLogger } from "../log/logger";
import { createSessionService, type EngineSessionService } from "../sessions/engine-session-service";
import type { SessionService } from "../sessions/session-service";
import { EpisodeStore } from "../storage/episode-store";
import { openDatabase } from "../storage/open-database";
import { startServer } from "../transport/server";
import { startOpenEnvSurface } from "./test-server";

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
