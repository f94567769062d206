import pino from "pino";

export const LOG_LEVELS = ["debug", "info", "warn", "error", "silent"] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export type LogFields = Record<string, unknown>;

export interface Logger {
  debug(msg: string, fields?: LogFields): void;
  info(msg: string, fields?: LogFields): void;
  warn(msg: string, fields?: LogFields): void;
  error(msg: string, fields?: LogFields): void;
}

/** Receives one JSON object per call, without the trailing newline. */
export type LogSink = (line: string) => void;

/**
 * Keys that carry credentials are censored by pino before a line is written, so a token
 * handed over in `fields` by mistake (a request's headers, a config dump) never reaches the log.
 */
export const REDACTED_PATHS: readonly string[] = [
  "authorization",
  "api_key",
  "apiKey",
  "token",
  "password",
  "hf_token",
  "headers.authorization",
  "*.authorization",
];
export const REDACTED = "[redacted]";

/**
 * One JSON object per line ({time, level, msg, ...fields}), so log shippers and `jq` can read
 * the stream without a parser. Written synchronously to stderr unless a sink is given.
 */
export function createLogger(level: LogLevel = "info", sink?: LogSink, now = () => new Date()): Logger {
  const destination = sink
    ? { write: (line: string) => sink(line.endsWith("\n") ? line.slice(0, -1) : line) }
    : pino.destination({ dest: 2, sync: true });
  const log = pino(
    {
      level,
      base: undefined,
      timestamp: () => `,"time":"${now().toISOString()}"`,
      formatters: { level: (label) => ({ level: label }) },
      redact: { paths: [...REDACTED_PATHS], censor: REDACTED },
    },
    destination,
  );
  return {
    debug: (msg, fields) => log.debug(fields ?? {}, msg),
    info: (msg, fields) => log.info(fields ?? {}, msg),
    warn: (msg, fields) => log.warn(fields ?? {}, msg),
    error: (msg, fields) => log.error(fields ?? {}, msg),
  };
}

export const silentLogger: Logger = createLogger("silent", () => {});

export function errorFields(err: unknown): LogFields {
  if (err instanceof Error) return { error: err.message, error_name: err.name, stack: err.stack };
  return { error: String(err) };
}
