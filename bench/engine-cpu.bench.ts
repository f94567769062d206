/**
 * The engine bench's workload (every task, the same scripted buyer), measured in steps per
 * CPU-second of this process instead of per wall-clock second, so a busy shared machine does
 * not swamp a comparison between two versions. Last line: JSON {cpu_steps_per_s, runs}.
 * Usage: npx tsx bench/engine-cpu.bench.ts [-- --episodes 1500 --runs 5]
 */
import { parseArgs } from "node:util";
import { scriptedAction } from "../buyers/bench-buyer";
import { runComplete, stepRun } from "../env/run";
import { openRun } from "../tasks/open-run";
import { TASK_IDS } from "../tasks/task-catalog";

const { values } = parseArgs({
  options: { episodes: { type: "string", default: "1500" }, runs: { type: "string", default: "5" } },
});
const episodes = Number(values.episodes);
const runs = Number(values.runs);

function play(perTask: number): number {
  let steps = 0;
  for (const task of TASK_IDS)
    for (let seed = 0; seed < perTask; seed++) {
      const run = openRun(task, { seed, episodeId: "bench" });
      while (!runComplete(run)) {
        steps++;
        if (stepRun(run, scriptedAction(run)).done) break;
      }
    }
  return steps;
}

play(Math.ceil(episodes / 5)); // warm up the JIT
const rates: number[] = [];
for (let r = 0; r < runs; r++) {
  const before = process.cpuUsage();
  const steps = play(episodes);
  const used = process.cpuUsage(before);
  rates.push(steps / ((used.user + used.system) / 1e6));
}
rates.sort((a, b) => a - b);
console.log(JSON.stringify({ cpu_steps_per_s: Math.round(rates[Math.floor(runs / 2)] as number), runs }));
