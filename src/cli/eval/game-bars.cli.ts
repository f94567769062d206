/**
 * Game v2 bars: every task of the current game (v3: game v2 against responsive@2) and the market
 * tasks (marketplace_arena@4; pass `--task single_deal@2 …` for the frozen v2 tasks) × every
 * scripted buyer × N seeds, in-process, plus the oracle.
 * Prints the markdown tables and, as its last line, JSON with every bar's value and pass/fail.
 * Usage: npm run eval:game [-- --seeds 100 --task single_deal@3 --task …]
 */
import { parseArgs } from "node:util";
import { runGameBars } from "../../../eval/game/game-bars";
import { gameMarkdown } from "../../../eval/game/game-table";
import { CURRENT_GAME_KEYS, MARKET_TASK_KEYS } from "../../../tasks/task-ref";
import { gitCommit } from "./git-commit";

const { values } = parseArgs({
  options: { seeds: { type: "string", default: "100" }, task: { type: "string", multiple: true } },
});
const n = Number(values.seeds);
const seeds = Array.from({ length: n }, (_, i) => i + 1);
const tasks = values.task ?? [...CURRENT_GAME_KEYS, ...MARKET_TASK_KEYS];
const started = Date.now();
const report = await runGameBars({
  tasks,
  seeds,
  gitCommit: gitCommit(),
  onProgress: (m) => process.stderr.write(`[${((Date.now() - started) / 1000).toFixed(0)}s] ${m}\n`),
});
console.log(gameMarkdown(report));
console.log(JSON.stringify({ ...report, elapsed_s: Math.round((Date.now() - started) / 1000) }));
