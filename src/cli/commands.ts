/** One `bazaar <name>` subcommand. `run` gets the arguments after the name and returns an exit code. */
export interface CliCommand {
  name: string;
  summary: string;
  usage: string;
  run(args: readonly string[]): Promise<number>;
}

/**
 * The command table. Each entry loads its module on demand, so `bazaar --help` stays instant
 * and a command's dependencies load only when it runs. New subcommands (eval, report,
 * seller-quality, pairs) are added here.
 */
export const COMMANDS: readonly CliCommand[] = [
  {
    name: "serve",
    summary: "run the environment server (HTTP, WebSocket, MCP) with SQLite persistence",
    usage: "bazaar serve [--port 8000] [--host 0.0.0.0] [--db ./data/bazaar.db] [--max-sessions 1024] ...",
    run: async (args) => (await import("./serve-command")).serveCommand(args),
  },
];

export const findCommand = (name: string): CliCommand | undefined => COMMANDS.find((c) => c.name === name);
