/**
 * A learning loop you can copy: the cross-entropy method over a 7-number buyer policy,
 * trained over HTTP (/batch/reset + /batch/step) on training seeds of the current game's tasks (v3), reported
 * on held-out seeds next to every scripted buyer on the same seeds.
 *
 *   npm run train:example [-- --url http://localhost:8000 --task single_deal@3 --generations 12]
 *
 * Without --url it starts the real server in-process on an ephemeral port (in-memory SQLite).
 * Prints progress, a table, and as its last line JSON with the learning curves and held-out figures.
 */
import { parseArgs } from "node:util";
import { buyerFromSpec } from "../../buyers/buyer-registry";
import { mean } from "../../env/bootstrap";
import { ENGINE_VERSION } from "../../env/engine-version";
import { SCRIPTED_SPECS } from "../../eval/game/game-buyers";
import { inProcessSessions } from "../../eval/harness/in-process-session";
import { memoryStore } from "../../eval/harness/memory-store";
import { runEval } from "../../eval/harness/run-eval";
import { resolveSeller } from "../../sellers/registry";
import { gitCommit } from "../../src/cli/eval/git-commit";
import { DEFAULT_CONFIG } from "../../src/config/config";
import { silentLogger } from "../../src/log/logger";
import { startServer } from "../../src/transport/server";
import { findTaskRef } from "../../tasks/task-ref";
import { BatchClient } from "./batch-client";
import { learn } from "./learn";

const { values } = parseArgs({
  options: {
    url: { type: "string" },
    task: { type: "string", multiple: true },
    generations: { type: "string", default: "16" },
    population: { type: "string", default: "30" },
    elite: { type: "string", default: "6" },
    seeds: { type: "string", default: "48" },
    "held-out": { type: "string", default: "100" },
  },
});
const tasks = values.task ?? [
  "single_deal@3",
  "deceptive_seller@3",
  "read_the_tells@3",
  "amazon_realistic@3",
];
const heldOut = Array.from({ length: Number(values["held-out"]) }, (_, i) => 100_001 + i);
const started = Date.now();
const log = (m: string) => process.stderr.write(`[${((Date.now() - started) / 1000).toFixed(0)}s] ${m}\n`);

const server = values.url
  ? null
  : await startServer(
      { ...DEFAULT_CONFIG, port: 0, host: "127.0.0.1", db: ":memory:" },
      { logger: silentLogger },
    );
const url = values.url ?? (server?.url as string);

/** Every scripted buyer on the held-out seeds, in-process: what "beats the scripted buyers" is measured against. */
async function scriptedOnHeldOut(task: string): Promise<{ buyer: string; score: number }[]> {
  const out = await runEval(
    {
      runId: `train-${task}`,
      buyers: SCRIPTED_SPECS.map((s) => buyerFromSpec(s)),
      tasks: [task],
      seeds: heldOut,
      tells: true,
    },
    {
      sessions: inProcessSessions,
      transport: "in-process",
      gitCommit: "train",
      concurrency: 1,
      store: memoryStore(),
    },
  );
  return SCRIPTED_SPECS.map((buyer) => ({
    buyer,
    score:
      Math.round(mean(out.units.filter((u) => u.buyer_id === buyer).map((u) => u.score)) * 10_000) / 10_000,
  }));
}

const results = [];
try {
  for (const task of tasks) {
    const def = findTaskRef(task);
    if (def === undefined) throw new Error(`unknown task ${task}`);
    const client = new BatchClient(url, task);
    log(`${task}: training`);
    const r = await learn(client, def.totalEpisodes, {
      generations: Number(values.generations),
      population: Number(values.population),
      elite: Number(values.elite),
      seedsPerGeneration: Number(values.seeds),
      trainPool: 1000,
      heldOut,
      seed: 1,
      initialStdShare: 0.5,
      heldOutEvery: 4,
      onGeneration: (g) =>
        log(
          `${task} gen ${g.generation}: train ${g.train_return} elite ${g.elite_return} held-out ${g.held_out_score}`,
        ),
    });
    await client.close();
    const scripted = await scriptedOnHeldOut(task);
    const best = scripted.reduce((a, b) => (b.score > a.score ? b : a));
    const seller = resolveSeller(def.seller).ref;
    results.push({
      task,
      seller: `${seller.id}@${seller.version}+${seller.hash}`,
      ...r,
      improvement: Math.round((r.final_held_out - r.start_held_out) * 10_000) / 10_000,
      best_scripted: best,
      margin_over_best_scripted: Math.round((r.final_held_out - best.score) * 10_000) / 10_000,
      scripted,
    });
  }
} finally {
  await server?.close();
}

console.log("| task | start (held-out) | learned (held-out) | improvement | best scripted | margin |");
console.log("|---|---|---|---|---|---|");
for (const r of results)
  console.log(
    `| ${r.task} | ${r.start_held_out.toFixed(3)} | ${r.final_held_out.toFixed(3)} | ${r.improvement.toFixed(3)} | ${r.best_scripted.buyer} ${r.best_scripted.score.toFixed(3)} | ${r.margin_over_best_scripted.toFixed(3)} |`,
  );
const improved = results.filter((r) => r.improvement >= 0.1 && r.margin_over_best_scripted >= 0.05).length;
console.log(
  JSON.stringify({
    engine_version: ENGINE_VERSION,
    git_commit: gitCommit(),
    held_out_seeds: heldOut.length,
    elapsed_s: Math.round((Date.now() - started) / 1000),
    tasks_meeting_bar: improved,
    bar_pass: improved >= 3 && Date.now() - started <= 600_000,
    results,
  }),
);
