/**
 * The listening port is taken. Raised by startServer in place of Node's raw EADDRINUSE so the
 * CLI can say which port it was and how to choose another, then exit at once.
 */
export class PortInUseError extends Error {
  constructor(
    readonly port: number,
    readonly host: string,
  ) {
    super(
      `port ${port} on ${host} is already in use (another bazaar server, or some other program). ` +
        `Stop that program, or pick another port: npm start -- --port ${port + 1} (or PORT=${port + 1}); --port 0 picks any free one.`,
    );
    this.name = "PortInUseError";
  }
}

export const isAddressInUse = (err: unknown): boolean =>
  typeof err === "object" && err !== null && (err as { code?: unknown }).code === "EADDRINUSE";
