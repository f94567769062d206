/**
 * The eval CLI's subcommands, for the command table in src/cli/commands.ts. Each takes the
 * arguments after its name and resolves to an exit code (0 ok, 1 failed, 2 usage error).
 */
export { EVAL_HELP, evalCommand } from "./eval-command";
export { LEADERBOARD_HELP, leaderboardCommand } from "./leaderboard-command";
export { PAIRS_HELP, pairsCommand } from "./pairs-command";
export { REPORT_HELP, reportCommand } from "./report-command";
export { SELLER_QUALITY_HELP, sellerQualityCommand } from "./seller-quality-command";
