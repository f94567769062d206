import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { SellerUnitResult } from "../../../eval/seller-role/seller-eval";
import type { SellerEvalSummary } from "../../../eval/seller-role/seller-eval-summary";

/**
 * A seller eval's files under `<out>/<run-id>/`: seller-summary.json (reproducible content only)
 * and seller-units.jsonl (one episode per line). meta.json (timestamps, argv) is written beside
 * them by the buyer eval's writer.
 */
export function writeSellerRun(
  dir: string,
  summary: SellerEvalSummary,
  units: readonly SellerUnitResult[],
): string {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, "seller-units.jsonl"), units.map((u) => `${JSON.stringify(u)}\n`).join(""));
  const path = join(dir, "seller-summary.json");
  writeFileSync(path, `${JSON.stringify(summary, null, 2)}\n`);
  return path;
}
