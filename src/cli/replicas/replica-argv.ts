import { ConfigError, type ServerConfig } from "../../config/config";
import { isPostgresUrl } from "../../storage/pg/open-pg";

/** Flags the supervisor owns: the balancer listens on --host/--port, and it names the replicas. */
const SUPERVISOR_FLAGS = new Set(["--replicas", "--port", "--host"]);

export interface ReplicaPlan {
  /** r1…rN: each replica's id, the prefix of its session ids and its HAProxy server name. */
  id: string;
  port: number;
  /** `bazaar serve` arguments for this replica. */
  argv: string[];
}

/**
 * Why `--replicas` refuses to start, or null when it can: the replicas share Postgres (a SQLite
 * file serves one process), and the supervisor names them (one --replica-id cannot serve N).
 */
export function replicasProblem(config: ServerConfig): string | null {
  if (!isPostgresUrl(config.db))
    return [
      "--replicas needs Postgres, which the replicas share (a SQLite file serves one process):",
      "set BAZAAR_DB=postgres://user:password@host:5432/db or pass --db postgres://….",
      "For a local one: docker run -d -p 5432:5432 -e POSTGRES_USER=bazaar -e POSTGRES_PASSWORD=bazaar postgres:17,",
      "or run deploy/compose.yaml (docs/scaling.md).",
    ].join("\n  ");
  if (config.replicaId !== null)
    return "--replicas names its replicas r1…rN itself: drop --replica-id / BAZAAR_REPLICA_ID.";
  return null;
}

/**
 * The serve arguments each replica gets: the user's own, minus the supervisor's flags and --db,
 * plus its id and a loopback port. The database travels in the environment (replicaEnv), where
 * `ps` does not show its password.
 */
export function replicaPlans(
  args: readonly string[],
  config: ServerConfig,
  ports: readonly number[],
): ReplicaPlan[] {
  const problem = replicasProblem(config);
  if (problem !== null) throw new ConfigError(problem);
  const passed: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as string;
    const flag = arg.includes("=") ? arg.slice(0, arg.indexOf("=")) : arg;
    const takesNext = !arg.includes("=");
    if (SUPERVISOR_FLAGS.has(flag) || flag === "--db") {
      if (takesNext) i++;
      continue;
    }
    passed.push(arg);
  }
  return ports.map((port, i) => {
    const id = `r${i + 1}`;
    return {
      id,
      port,
      argv: ["--host", "127.0.0.1", "--port", String(port), "--replica-id", id, ...passed],
    };
  });
}

/** Set in a replica's environment: stop when stdin (a pipe from the supervisor) closes. */
export const SUPERVISOR_PIPE_ENV = "BAZAAR_SUPERVISOR_PIPE";

/**
 * A replica's environment: the supervisor's, with the database set, no --replicas of its own,
 * and the flag that makes it stop when the supervisor's pipe closes.
 */
export function replicaEnv(
  env: Readonly<Record<string, string | undefined>>,
  config: ServerConfig,
): Record<string, string | undefined> {
  const out: Record<string, string | undefined> = {
    ...env,
    BAZAAR_DB: config.db,
    [SUPERVISOR_PIPE_ENV]: "1",
  };
  delete out.BAZAAR_REPLICAS;
  return out;
}
