import { existsSync, readFileSync } from "node:fs";
import { performance } from "node:perf_hooks";
import { extractCues, releasedTellsModel, TELLS_MODEL } from "../../env/tells/extract-cues";
import { readCuesWithModel } from "../../env/tells/model-cues";
import { loadCorpus } from "./corpus/corpus-row";
import { useReleaseFiles } from "./model/model-file";

// Earlier releases load from their files (env/tells/earlier-releases.ts).
useReleaseFiles();

/**
 * `npx tsx eval/tells/tells-speed.cli.ts [rounds]`: µs per message of the rules path, the
 * shipped model path and the frozen tells-model@24, @23, @4 and @3 paths over the corpus, timed in alternating
 * rounds in one process (the machine's load moves them all alike), with the load average
 * before and after, since a shared machine makes any single figure noisy. Last line: JSON.
 */
const rounds = Number(process.argv[2] ?? 9);
// The load average is read from /proc (eval/ tooling reads files; it opens no OS handles beyond that).
const loadavg = (): number[] | null =>
  existsSync("/proc/loadavg")
    ? readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).map(Number)
    : null;
const texts = loadCorpus().map((r) => r.text);
const frozen = (version: string): ((t: string) => unknown) => {
  const m = releasedTellsModel(version);
  return (t) => readCuesWithModel(m, t);
};
const paths: Record<string, (t: string) => unknown> = {
  rules: (t) => extractCues(t, "rules"),
  model: (t) => extractCues(t, "model"),
  model_v24: frozen("tells-model@24"),
  model_v23: frozen("tells-model@23"),
  model_v4: frozen("tells-model@4"),
  model_v3: frozen("tells-model@3"),
};
const names = Object.keys(paths);
for (const n of names) for (const t of texts) paths[n]?.(t); // warm-up
const load = loadavg();
const times: Record<string, number[]> = Object.fromEntries(names.map((n) => [n, []]));
for (let r = 0; r < rounds; r++) {
  for (const n of r % 2 === 0 ? names : [...names].reverse()) {
    const run = paths[n] as (t: string) => unknown;
    const t0 = performance.now();
    for (const t of texts) run(t);
    times[n]?.push(((performance.now() - t0) * 1000) / texts.length);
  }
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;
const r2 = (x: number) => Math.round(x * 100) / 100;
for (const n of names) console.log(`${n.padEnd(9)} median ${median(times[n] ?? []).toFixed(2)} µs/message`);
console.log(
  JSON.stringify({
    messages: texts.length,
    rounds,
    model: TELLS_MODEL.version,
    us_per_message_median: Object.fromEntries(names.map((n) => [n, r2(median(times[n] ?? []))])),
    loadavg_before: load,
    loadavg_after: loadavg(),
  }),
);
