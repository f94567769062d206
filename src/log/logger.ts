export const LOG_LEVELS = ["debug", "info", "warn", "error", "silent"] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

const RANK: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };

export type LogFields = Record<string, unknown>;

export interface Logger {
  debug(msg: string, fields?: LogFields): void;
  info(msg: string, fields?: LogFields): void;
  warn(msg: string, fields?: LogFields): void;
  error(msg: string, fields?: LogFields): void;
}

export type LogSink = (line: string) => void;

const stderrSink: LogSink = (line) => {
  process.stderr.write(`${line}\n`);
};

/** One JSON object per line, so log shippers and `jq` can read the stream without a parser. */
export function createLogger(
  level: LogLevel = "info",
  sink: LogSink = stderrSink,
  now = () => new Date(),
): Logger {
  const min = RANK[level];
  const write = (lvl: Exclude<LogLevel, "silent">, msg: string, fields?: LogFields) => {
    if (RANK[lvl] < min) return;
    sink(JSON.stringify({ time: now().toISOString(), level: lvl, msg, ...fields }));
  };
  return {
    debug: (m, f) => write("debug", m, f),
    info: (m, f) => write("info", m, f),
    warn: (m, f) => write("warn", m, f),
    error: (m, f) => write("error", m, f),
  };
}

export const silentLogger: Logger = createLogger("silent");

export function errorFields(err: unknown): LogFields {
  if (err instanceof Error) return { error: err.message, error_name: err.name, stack: err.stack };
  return { error: String(err) };
}
