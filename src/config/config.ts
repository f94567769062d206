import { z } from "zod";
import { LOG_LEVELS } from "../log/logger";

/** Everything `bazaar serve` can be told, by flag or by environment variable (flags win). */
export const ServerConfig = z.object({
  port: z.number().int().min(0).max(65535),
  host: z.string().min(1),
  db: z.string().min(1),
  /** The eval store `bazaar eval` writes (its --db); /leaderboard reads it, never writes. */
  evalDb: z.string().min(1),
  maxSessions: z.number().int().min(1).max(1_000_000),
  sessionTtlS: z.number().positive(),
  logLevel: z.enum(LOG_LEVELS),
  corsOrigins: z.array(z.string()),
  bodyLimitKb: z.number().int().min(1).max(65_536),
  /** Product file for listing-based tasks (amazon_realistic); the built-in catalog when null. */
  listings: z.string().min(1).nullable(),
  /** Commit on a writer thread (file databases only) instead of on the event loop. */
  commitThread: z.boolean(),
  /** API keys; empty (and no keys file) leaves the server open, as it is by default. */
  apiKeys: z.array(z.string()),
  /** A file of API keys, one per line (# comments allowed), read at startup. */
  apiKeysFile: z.string().min(1).nullable(),
  /** Admin keys: they pass wherever an API key does, and alone may revoke any exchange agent. */
  adminKeys: z.array(z.string()),
  /** With keys on: exchange agents one key may register per minute (bursts of a minute's worth). */
  agentRegistrationsPerMin: z.number().positive().max(1_000_000),
  /** The live exchange's judge for request markets: `code`, or a model spec (ollama:<tag>, hf:<model>). */
  judge: z.string().min(1).max(300),
  /** How long the exchange waits for one verdict before the judge counts as failed. */
  judgeTimeoutMs: z.number().int().min(100).max(300_000),
  /** With keys on: live sessions (HTTP sessions and WebSocket connections) one key may hold. */
  keyMaxSessions: z.number().int().min(1).max(1_000_000),
  /** With keys on: requests per second one key may make (token bucket, bursts of one second). */
  keyRate: z.number().positive().max(1_000_000),
  /** Seconds a stopping server keeps serving with /ready false, so a load balancer moves away first. */
  drainGraceS: z.number().min(0).max(600),
  /** This replica's id when several share one Postgres; part of every session id it creates. */
  replicaId: z
    .string()
    .regex(/^[a-z0-9][a-z0-9-]{0,31}$/, "lowercase letters, digits and '-', at most 32")
    .nullable(),
  /**
   * Seconds without a heartbeat after which a replica counts as dead and its sessions may be
   * taken over (Postgres only). Heartbeats go out every second (every third of this if shorter),
   * so below 2 s a busy but live replica could lose its sessions. Give every replica the same value.
   */
  leaseTtlS: z
    .number()
    .min(2, "at least 2 seconds (a live replica heartbeats about every second)")
    .max(600, "at most 600 seconds"),
  /** `bazaar serve --replicas N`: run N server processes behind HAProxy (src/cli/replicas/). */
  replicas: z.number().int().min(1, "at least 1").max(64, "at most 64").nullable(),
});
export type ServerConfig = z.infer<typeof ServerConfig>;

export const DEFAULT_CONFIG: ServerConfig = {
  port: 8000,
  host: "0.0.0.0",
  db: "./data/bazaar.db",
  evalDb: "./data/eval.db",
  maxSessions: 1024,
  sessionTtlS: 1800,
  logLevel: "info",
  corsOrigins: [],
  bodyLimitKb: 64,
  listings: null,
  commitThread: false,
  apiKeys: [],
  apiKeysFile: null,
  adminKeys: [],
  agentRegistrationsPerMin: 30,
  judge: "code",
  judgeTimeoutMs: 30_000,
  keyMaxSessions: 64,
  keyRate: 50,
  drainGraceS: 0,
  replicaId: null,
  leaseTtlS: 3,
  replicas: null,
};

interface Setting {
  key: keyof ServerConfig;
  flag: string;
  /** Environment variables, first match wins; OpenEnv's own names come second (OPENENV §4). */
  env: readonly string[];
  help: string;
  parse: (raw: string) => unknown;
}

const int = (raw: string): unknown => (/^-?\d+$/.test(raw.trim()) ? Number(raw) : raw);
const num = (raw: string): unknown => (raw.trim() !== "" && Number.isFinite(Number(raw)) ? Number(raw) : raw);
const list = (raw: string): unknown =>
  raw
    .split(",")
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
const text = (raw: string): unknown => raw;
const SWITCH: Record<string, boolean> = {
  on: true,
  true: true,
  "1": true,
  off: false,
  false: false,
  "0": false,
};
const onOff = (raw: string): unknown => SWITCH[raw.trim().toLowerCase()] ?? raw;

export const SETTINGS: readonly Setting[] = [
  { key: "port", flag: "--port", env: ["PORT"], help: "TCP port (0 picks a free one)", parse: int },
  { key: "host", flag: "--host", env: ["HOST"], help: "interface to listen on", parse: text },
  {
    key: "db",
    flag: "--db",
    env: ["BAZAAR_DB"],
    help: "SQLite file, :memory:, or postgres://user:pass@host:port/db",
    parse: text,
  },
  {
    key: "evalDb",
    flag: "--eval-db",
    env: ["BAZAAR_EVAL_DB"],
    help: "eval results `bazaar eval` wrote, read by /leaderboard",
    parse: text,
  },
  {
    key: "maxSessions",
    flag: "--max-sessions",
    env: ["BAZAAR_MAX_SESSIONS", "MAX_CONCURRENT_ENVS"],
    help: "live session cap; beyond it /reset answers 503",
    parse: int,
  },
  {
    key: "sessionTtlS",
    flag: "--session-ttl",
    env: ["BAZAAR_SESSION_TTL_S", "SESSION_IDLE_TIMEOUT_S"],
    help: "seconds of inactivity before a session is evicted",
    parse: num,
  },
  { key: "logLevel", flag: "--log-level", env: ["LOG_LEVEL"], help: LOG_LEVELS.join("|"), parse: text },
  {
    key: "corsOrigins",
    flag: "--cors-origins",
    env: ["CORS_ORIGINS"],
    help: "comma-separated allowed origins, * for any",
    parse: list,
  },
  {
    key: "bodyLimitKb",
    flag: "--body-limit-kb",
    env: ["BAZAAR_BODY_LIMIT_KB"],
    help: "largest accepted request body",
    parse: int,
  },
  {
    key: "listings",
    flag: "--listings",
    env: ["BAZAAR_LISTINGS"],
    help: "products for amazon_realistic: an Amazon Sales .csv or CraigslistBargain .json[.gz] (default: built-in catalog)",
    parse: text,
  },
  {
    key: "commitThread",
    flag: "--commit-thread",
    env: ["BAZAAR_COMMIT_THREAD"],
    help: "on|off: commit on a writer thread (pays off with spare cores and remote clients; default off)",
    parse: onOff,
  },
  {
    key: "apiKeys",
    flag: "--api-keys",
    env: ["BAZAAR_API_KEYS"],
    help: "comma-separated API keys (prefer the variable or a file: flags show in ps); off when unset",
    parse: list,
  },
  {
    key: "apiKeysFile",
    flag: "--api-keys-file",
    env: ["BAZAAR_API_KEYS_FILE"],
    help: "file of API keys, one per line; adds to --api-keys",
    parse: text,
  },
  {
    key: "adminKeys",
    flag: "--admin-keys",
    env: ["BAZAAR_ADMIN_KEYS"],
    help: "comma-separated admin keys (prefer the variable): revoke any exchange agent; valid as API keys too",
    parse: list,
  },
  {
    key: "agentRegistrationsPerMin",
    flag: "--agent-registrations-per-min",
    env: ["BAZAAR_AGENT_REGISTRATIONS_PER_MIN"],
    help: "with keys on: exchange agents one key may register per minute; beyond it 429",
    parse: num,
  },
  {
    key: "judge",
    flag: "--judge",
    env: ["BAZAAR_JUDGE"],
    help: "request markets' judge: code, or ollama:<tag> / hf:<model> (a failed model verdict falls back to code)",
    parse: text,
  },
  {
    key: "judgeTimeoutMs",
    flag: "--judge-timeout-ms",
    env: ["BAZAAR_JUDGE_TIMEOUT_MS"],
    help: "ms the exchange waits for one verdict before the judge counts as failed",
    parse: int,
  },
  {
    key: "keyMaxSessions",
    flag: "--key-max-sessions",
    env: ["BAZAAR_KEY_MAX_SESSIONS"],
    help: "with keys on: live sessions per key; beyond it 429",
    parse: int,
  },
  {
    key: "keyRate",
    flag: "--key-rate",
    env: ["BAZAAR_KEY_RATE"],
    help: "with keys on: requests per second per key; beyond it 429",
    parse: num,
  },
  {
    key: "drainGraceS",
    flag: "--drain-grace",
    env: ["BAZAAR_DRAIN_GRACE_S"],
    help: "seconds to keep serving with /ready false after SIGTERM (behind a load balancer)",
    parse: num,
  },
  {
    key: "replicaId",
    flag: "--replica-id",
    env: ["BAZAAR_REPLICA_ID"],
    help: "this replica's id (Postgres only): prefixes its session ids, one live process per id",
    parse: text,
  },
  {
    key: "leaseTtlS",
    flag: "--lease-ttl",
    env: ["BAZAAR_LEASE_TTL_S"],
    help: "seconds without a heartbeat before a replica's sessions move to another (Postgres; 2-600, default 3)",
    parse: num,
  },
  {
    key: "replicas",
    flag: "--replicas",
    env: ["BAZAAR_REPLICAS"],
    help: "run N server processes behind HAProxy on this machine (needs haproxy and a postgres:// --db)",
    parse: int,
  },
];

export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ConfigError";
  }
}

/** Merge defaults, environment and flags (`--port 9000` or `--port=9000`) and validate the result. */
export function loadConfig(
  argv: readonly string[],
  env: Readonly<Record<string, string | undefined>>,
): ServerConfig {
  const raw: Record<string, unknown> = { ...DEFAULT_CONFIG };
  for (const s of SETTINGS) {
    const name = s.env.find((n) => env[n] !== undefined && env[n] !== "");
    if (name !== undefined) raw[s.key] = s.parse(env[name] as string);
  }
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    const [flag, inline] = arg.includes("=")
      ? [arg.slice(0, arg.indexOf("=")), arg.slice(arg.indexOf("=") + 1)]
      : [arg];
    const s = SETTINGS.find((x) => x.flag === flag);
    if (!s)
      throw new ConfigError(`Unknown option ${flag}. Options: ${SETTINGS.map((x) => x.flag).join(", ")}`);
    const value = inline ?? argv[++i];
    if (value === undefined) throw new ConfigError(`${flag} needs a value`);
    raw[s.key] = s.parse(value);
  }
  const parsed = ServerConfig.safeParse(raw);
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    const s = SETTINGS.find((x) => x.key === first?.path[0]);
    throw new ConfigError(
      `Invalid ${s ? `${s.flag} / ${s.env[0]}` : "setting"}: ${first?.message ?? "bad value"}`,
    );
  }
  return parsed.data;
}

export function configHelp(): string {
  const rows = SETTINGS.map(
    (s) => `  ${`${s.flag} <v>`.padEnd(22)} ${s.env.join(", ").padEnd(44)} ${s.help}`,
  );
  return rows.join("\n");
}
