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
  {
    name: "eval",
    summary: "play buyers against pinned sellers over tasks and seeds; tables with 95 % CIs",
    usage: "bazaar eval --buyer rule:smart --task single_deal --seeds 1..30 [--seller id@version] ...",
    run: async (args) => (await import("./eval/commands")).evalCommand([...args]),
  },
  {
    name: "report",
    summary: "write one self-contained HTML report for an eval run",
    usage: "bazaar report <run-id> [--out report.html]",
    run: async (args) => (await import("./eval/commands")).reportCommand([...args]),
  },
  {
    name: "leaderboard",
    summary:
      "buyers (or --role seller: seller agents) ranked per task and overall from stored eval runs (95 % CIs, provenance)",
    usage:
      "bazaar leaderboard [--role buyer|seller] [--db ./data/eval.db] [--task id] [--seller|--buyer|--agent id@version] [--json]",
    run: async (args) => (await import("./eval/commands")).leaderboardCommand([...args]),
  },
  {
    name: "seller-quality",
    summary: "check a seller release against the acceptance criteria (rules, rounds, leaks)",
    usage: "bazaar seller-quality --seller boulware@1 [--n 50]",
    run: async (args) => (await import("./eval/commands")).sellerQualityCommand([...args]),
  },
  {
    name: "pairs",
    summary: "build DPO/RLAIF preference pairs from two rollouts of one buyer",
    usage: "bazaar pairs --buyer ollama:llama3.2:3b --task single_deal --seeds 1..20",
    run: async (args) => (await import("./eval/commands")).pairsCommand([...args]),
  },
  {
    name: "market",
    summary: "simulate an economy of agents and markets on virtual time; ledger, PnL, ratings",
    usage: "bazaar market simulate --agents 20 --markets 200 --seed 1 [--out events.jsonl]",
    run: async (args) => (await import("./market-command")).marketCommand(args),
  },
];

export const findCommand = (name: string): CliCommand | undefined => COMMANDS.find((c) => c.name === name);
