/**
 * tsx bench/scale/profile-replica.ts — where a Postgres-backed replica spends its time under the
 * scale bench's load (issue #15): one replica on embedded Postgres under --cpu-prof, 32 episode
 * loops for PROFILE_SECONDS (default 8), then its main thread's top functions by self time.
 * `ask` (src/storage/pg/sync-pg.ts) high in the list means the event loop waits on synchronous
 * Postgres reads. The last line is JSON.
 */
import { mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { gitCommit } from "../../src/cli/eval/git-commit";
import { keepAliveAgent } from "../../src/client/http-request";
import { startEmbeddedPg } from "../../src/testing/embedded-pg";
import { newStats, playEpisode } from "../../src/testing/episode-loop";
import { startServerProcess } from "../../src/testing/server-process";
import { profileSummary } from "../server/cpu";

const SECONDS = Number(process.env.PROFILE_SECONDS ?? 8);
const LOOPS = 32;

const dir = mkdtempSync(join(tmpdir(), "bazaar-profile-"));
const pg = await startEmbeddedPg();
const replica = await startServerProcess(["--db", pg.url, "--replica-id", "r1", "--max-sessions", "4096"], {
  nodeArgs: ["--cpu-prof", `--cpu-prof-dir=${dir}`],
});
const agent = keepAliveAgent(LOOPS);
const stats = newStats();
const until = Date.now() + SECONDS * 1000;
const t0 = performance.now();
await Promise.all(
  Array.from({ length: LOOPS }, async (_, n) => {
    for (let e = 0; Date.now() < until; e++) {
      await playEpisode(replica.url, "single_deal", n * 1000 + e, `p-${n}-${e}`, stats, {
        close: true,
        agent,
      });
    }
  }),
);
const stepsPerS = stats.steps / ((performance.now() - t0) / 1000);
agent.destroy();
replica.child.kill("SIGTERM");
await new Promise((r) => replica.child.once("exit", r));
await pg.stop();
// One profile per thread (the reader's worker too): the main thread's is the largest.
const [main] = readdirSync(dir)
  .filter((f) => f.endsWith(".cpuprofile"))
  .map((f) => join(dir, f))
  .sort((a, b) => statSync(b).size - statSync(a).size);
const top = main === undefined ? [] : profileSummary(main, 15);
rmSync(dir, { recursive: true, force: true });
for (const line of top) console.log(line);
console.log(
  JSON.stringify({
    bench: "scale-profile-replica",
    git_commit: gitCommit(),
    seconds: SECONDS,
    loops: LOOPS,
    steps_per_s: Math.round(stepsPerS),
    loadavg_1m_at_end: loadavg()[0] ?? 0,
    top_self_time: top.map((l) => l.trim()),
  }),
);
process.exit(0);
