import { ListingFileError } from "../../tasks/listings/listing-file-error";
import { ConfigError, configHelp, loadConfig } from "../config/config";
import { createLogger, errorFields } from "../log/logger";
import { StorageUnavailableError } from "../storage/pg/pg-errors";
import { ReplicaIdInUseError } from "../storage/pg/pg-leases";
import { PortInUseError } from "../transport/http/port-in-use";
import { startServer } from "../transport/server";
import { SUPERVISOR_PIPE_ENV } from "./replicas/replica-argv";
import { replicasCommand } from "./replicas/replicas-command";

const HELP = `Usage: bazaar serve [options]

Each option can also be set by the environment variable beside it (flags win).

${configHelp()}
`;

/** Start the server and keep it running until SIGINT/SIGTERM, then drain and close the database. */
export async function serveCommand(args: readonly string[]): Promise<number> {
  if (args.includes("--help") || args.includes("-h")) {
    process.stdout.write(HELP);
    return 0;
  }
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig(args, process.env);
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`bazaar serve: ${err.message}\n`);
      return 2;
    }
    throw err;
  }
  if (config.replicas !== null) return replicasCommand(args, config);
  const log = createLogger(config.logLevel);
  let running: Awaited<ReturnType<typeof startServer>>;
  try {
    running = await startServer(config, { logger: log });
  } catch (err) {
    if (err instanceof ListingFileError || err instanceof ConfigError) {
      process.stderr.write(`bazaar serve: ${err.message}\n`);
      return 2;
    }
    if (
      err instanceof PortInUseError ||
      err instanceof StorageUnavailableError ||
      err instanceof ReplicaIdInUseError
    ) {
      process.stderr.write(`bazaar serve: ${err.message}\n`);
      return 1;
    }
    throw err;
  }
  return new Promise<number>((resolve) => {
    let stopping = false;
    const supervised = process.env[SUPERVISOR_PIPE_ENV] === "1";
    const stop = (signal: string) => {
      if (stopping) return;
      stopping = true;
      log.info("shutting down", { signal });
      running.close().then(
        () => {
          // The watched pipe would keep the process alive once the server is closed.
          if (supervised) process.stdin.destroy();
          resolve(0);
        },
        (err: unknown) => {
          log.error("shutdown failed", errorFields(err));
          if (supervised) process.stdin.destroy();
          resolve(1);
        },
      );
    };
    process.once("SIGINT", () => stop("SIGINT"));
    process.once("SIGTERM", () => stop("SIGTERM"));
    // Started by `serve --replicas`: its end of this pipe closes when the supervisor dies, even
    // by SIGKILL, so the replica drains instead of living on as an orphan holding its sessions.
    if (supervised) {
      process.stdin.once("close", () => stop("supervisor gone"));
      process.stdin.resume();
    }
  });
}
