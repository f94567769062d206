/**
 * Seller-role reference numbers: the scripted seller agent against every released code buyer on
 * every seller-role task, in-process. Prints a markdown table and, as its last line, JSON.
 * Usage: npm run eval:seller-baseline [-- --seeds 100]
 */
import { parseArgs } from "node:util";
import {
  CODE_BUYER_KEYS,
  sellerBaseline,
  sellerBaselineMarkdown,
} from "../../../eval/seller-role/seller-baseline";
import { SELLER_TASK_KEYS } from "../../../tasks/seller-role/seller-tasks";
import { gitCommit } from "./git-commit";

const { values } = parseArgs({ options: { seeds: { type: "string", default: "100" } } });
const seeds = Array.from({ length: Number(values.seeds) }, (_, i) => i + 1);
const started = Date.now();
const report = await sellerBaseline({
  tasks: SELLER_TASK_KEYS,
  buyers: CODE_BUYER_KEYS,
  seeds,
  gitCommit: gitCommit(),
});
console.log(sellerBaselineMarkdown(report));
console.log(JSON.stringify({ ...report, elapsed_s: Math.round((Date.now() - started) / 1000) }));
