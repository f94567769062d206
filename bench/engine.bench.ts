/**
 * In-process engine throughput: full episodes with a scripted buyer over every task, on one
 * core. Prints a table and, as its last line, JSON {steps_per_s, episodes_per_s, tasks} for the
 * v1 tasks (the bar) plus v2_steps_per_s / v2_episodes_per_s / v2_tasks for the game-v2 tasks.
 * Usage: npm run bench:engine [-- --seconds 2 --runs 5]
 */
import { parseArgs } from "node:util";
import { scriptedAction } from "../buyers/bench-buyer";
import { runComplete, stepRun } from "../env/run";
import { openRun } from "../tasks/open-run";
import { TASK_IDS } from "../tasks/task-catalog";
import { V2_TASK_KEYS } from "../tasks/task-ref";

const { values } = parseArgs({
  options: { seconds: { type: "string", default: "1.5" }, runs: { type: "string", default: "5" } },
});
const seconds = Number(values.seconds);
const runs = Number(values.runs);

function measure(task: string): { steps: number; episodes: number; elapsed: number } {
  let steps = 0;
  let episodes = 0;
  let seed = 0;
  const start = process.hrtime.bigint();
  const budget = BigInt(Math.round(seconds * 1e9));
  while (process.hrtime.bigint() - start < budget) {
    for (let batch = 0; batch < 50; batch++) {
      const run = openRun(task, { seed: seed++, episodeId: "bench" });
      while (!runComplete(run)) {
        const r = stepRun(run, scriptedAction(run));
        steps++;
        if (r.info.episode_done) episodes++;
        if (r.done) break;
      }
    }
  }
  return { steps, episodes, elapsed: Number(process.hrtime.bigint() - start) / 1e9 };
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
};

interface Row {
  task: string;
  steps_per_s: number;
  episodes_per_s: number;
}

/** Median throughput over `runs` passes of a task set, plus the per-task rows of the last pass. */
function measureSet(tasks: readonly string[]): { steps: number; episodes: number; rows: Row[] } {
  // Warm up the JIT on every task before measuring.
  for (const t of tasks) measure(t);
  const rows: Row[] = [];
  const allSteps: number[] = [];
  const allEpisodes: number[] = [];
  for (let r = 0; r < runs; r++) {
    let steps = 0;
    let episodes = 0;
    let elapsed = 0;
    for (const t of tasks) {
      const m = measure(t);
      steps += m.steps;
      episodes += m.episodes;
      elapsed += m.elapsed;
      if (r === runs - 1)
        rows.push({
          task: t,
          steps_per_s: Math.round(m.steps / m.elapsed),
          episodes_per_s: Math.round(m.episodes / m.elapsed),
        });
    }
    allSteps.push(steps / elapsed);
    allEpisodes.push(episodes / elapsed);
  }
  return { steps: Math.round(median(allSteps)), episodes: Math.round(median(allEpisodes)), rows };
}

const v1 = measureSet(TASK_IDS);
const v2 = measureSet(V2_TASK_KEYS);

console.log("task                    steps/s   episodes/s");
for (const r of [...v1.rows, ...v2.rows])
  console.log(
    `${r.task.padEnd(22)} ${String(r.steps_per_s).padStart(9)} ${String(r.episodes_per_s).padStart(12)}`,
  );
console.log(
  JSON.stringify({
    steps_per_s: v1.steps,
    episodes_per_s: v1.episodes,
    runs,
    tasks: v1.rows,
    v2_steps_per_s: v2.steps,
    v2_episodes_per_s: v2.episodes,
    v2_tasks: v2.rows,
  }),
);
