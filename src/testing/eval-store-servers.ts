import { join } from "node:path";
import { DEFAULT_CONFIG } from "../config/config";
import { silentLogger } from "../log/logger";
import { type RunningServer, startServer } from "../transport/server";

/**
 * Two servers for the leaderboard's route tests: one reading `evalDb`, and one whose eval store
 * (`none.db` in `dir`) does not exist, for the empty board.
 */
export async function startEvalStoreServers(
  evalDb: string,
  dir: string,
): Promise<{ server: RunningServer; empty: RunningServer }> {
  const base = { ...DEFAULT_CONFIG, port: 0, host: "127.0.0.1", db: ":memory:", logLevel: "silent" as const };
  const server = await startServer({ ...base, evalDb }, { logger: silentLogger, drainMs: 500 });
  const empty = await startServer(
    { ...base, evalDb: join(dir, "none.db") },
    { logger: silentLogger, drainMs: 500 },
  );
  return { server, empty };
}
