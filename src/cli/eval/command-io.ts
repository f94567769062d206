/** The bits of a terminal stream the commands use (stderr, or a buffer in tests). */
export interface TextSink {
  write(text: string): unknown;
  isTTY?: boolean;
  columns?: number;
}

/** Where a command writes and what environment it reads; tests pass their own. */
export interface CommandIo {
  out(text: string): void;
  err: TextSink;
  env: Readonly<Record<string, string | undefined>>;
}

export const processIo: CommandIo = {
  out: (text) => {
    process.stdout.write(text);
  },
  err: process.stderr,
  env: process.env,
};

/** A usage error: printed with a pointer to --help, exit code 2. */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "UsageError";
  }
}

export function failed(io: CommandIo, command: string, e: unknown): number {
  const message = e instanceof Error ? e.message : String(e);
  if (
    e instanceof UsageError ||
    (e instanceof Error && "code" in e && String(e.code).startsWith("ERR_PARSE_ARGS"))
  ) {
    io.err.write(`bazaar ${command}: ${message}\nRun "bazaar ${command} --help" for usage and examples.\n`);
    return 2;
  }
  io.err.write(`bazaar ${command}: ${message}\n`);
  return 1;
}
