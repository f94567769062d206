import { appendFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { UnitResult } from "../../../eval/harness/unit-result";
import type { EvalSummary } from "../../../eval/metrics/eval-summary";

/**
 * The files of one eval run under `<out>/<run-id>/`: episodes.jsonl (one unit per line,
 * appended and flushed as each finishes), summary.json (reproducible content only) and
 * meta.json (timestamps, durations, argv — everything that legitimately differs per run).
 */
export const runDir = (out: string, runId: string): string => join(out, runId);

export function appendUnit(dir: string, unit: UnitResult): void {
  mkdirSync(dir, { recursive: true });
  appendFileSync(join(dir, "episodes.jsonl"), `${JSON.stringify(unit)}\n`);
}

export function writeSummary(dir: string, summary: EvalSummary): string {
  mkdirSync(dir, { recursive: true });
  const path = join(dir, "summary.json");
  writeFileSync(path, `${JSON.stringify(summary, null, 2)}\n`);
  return path;
}

export function writeMeta(dir: string, meta: Record<string, unknown>): void {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, "meta.json"), `${JSON.stringify(meta, null, 2)}\n`);
}

export function readSummary(dir: string): EvalSummary {
  return JSON.parse(readFileSync(join(dir, "summary.json"), "utf8")) as EvalSummary;
}

/** Units from episodes.jsonl; a later line for the same unit (a re-played one) wins. */
export function readUnits(dir: string): UnitResult[] {
  const path = join(dir, "episodes.jsonl");
  if (!existsSync(path)) return [];
  const byKey = new Map<string, UnitResult>();
  for (const line of readFileSync(path, "utf8").split("\n")) {
    if (line.trim() === "") continue;
    const u = JSON.parse(line) as UnitResult;
    byKey.set(`${u.buyer_id}|${u.task_id}|${u.seed}`, u);
  }
  return [...byKey.values()];
}
