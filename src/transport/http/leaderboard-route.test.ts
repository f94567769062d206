import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { evalCommand } from "../../cli/eval/commands";
import { captureIo } from "../../testing/capture-io";
import { startEvalStoreServers } from "../../testing/eval-store-servers";
import { EpisodeView } from "../../wire/episode-view";
import { LeaderboardResponse } from "../../wire/leaderboard";
import type { RunningServer } from "../server";

const quietIo = captureIo();

let dir: string;
let server: RunningServer;
let empty: RunningServer;
const get = (base: RunningServer, path: string) => fetch(`${base.url}${path}`);

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "bazaar-leaderboard-"));
  const evalDb = join(dir, "eval.db");
  const code = await evalCommand(
    [
      ...["--buyer", "rule:naive", "--buyer", "rule:smart", "--task", "single_deal", "--task", "career_10"],
      ...[
        "--seeds",
        "1..3",
        "--episodes",
        "2",
        "--run-id",
        "lb-test",
        "--out",
        join(dir, "runs"),
        "--db",
        evalDb,
      ],
      "--quiet",
    ],
    quietIo,
  );
  expect(code).toBe(0);
  ({ server, empty } = await startEvalStoreServers(evalDb, dir));
});
afterAll(async () => {
  await server?.close();
  await empty?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("GET /leaderboard", () => {
  it("ranks the stored run's buyers per task and overall, each row linked to its run and replays", async () => {
    const res = await get(server, "/leaderboard");
    expect(res.status).toBe(200);
    const body = LeaderboardResponse.parse(await res.json());
    expect(body.runs_considered).toBe(1);
    expect(body.per_task.map((r) => `${r.task} ${r.rank}`)).toEqual([
      "career_10 1",
      "career_10 2",
      "single_deal 1",
      "single_deal 2",
    ]);
    expect(body.overall.map((r) => r.rank)).toEqual([1, 2]);
    for (const r of body.per_task) {
      expect(r).toMatchObject({ run_id: "lb-test", seeds: 3, run: "/eval/runs/lb-test" });
      expect(r.git_commit).not.toBe("");
      expect(r.examples.length).toBeGreaterThan(0);
      for (const e of r.examples)
        expect(e.replay).toBe(`/web/replay?run=lb-test&episode=${encodeURIComponent(e.episode_id)}`);
    }
    const run = await get(server, "/eval/runs/lb-test");
    expect(run.status).toBe(200);
    expect(((await run.json()) as { summary: { rows: unknown[] } }).summary.rows).toHaveLength(4);
  });

  it("opens every example replay, whole log revealed, matching what the eval recorded", async () => {
    const body = LeaderboardResponse.parse(await (await get(server, "/leaderboard")).json());
    for (const r of body.per_task) {
      for (const e of r.examples) {
        const res = await get(server, `/eval/runs/lb-test/episodes/${encodeURIComponent(e.episode_id)}`);
        expect(res.status).toBe(200);
        const view = EpisodeView.parse(await res.json());
        expect(view).toMatchObject({ visibility: "full", task: r.task, seed: e.seed, status: "finished" });
        expect(view.events?.length).toBeGreaterThan(1);
        // single_deal has one episode; its score is the unit's score.
        if (r.task === "single_deal") expect(view.summary.score).toBeCloseTo(e.score, 4);
      }
    }
    // A career's second episode has its own id.
    const career = body.per_task.find((r) => r.task === "career_10")?.examples[0];
    const second = await get(
      server,
      `/eval/runs/lb-test/episodes/${encodeURIComponent(`${career?.episode_id}-2`)}`,
    );
    expect(EpisodeView.parse(await second.json()).episode).toBe(2);
  });

  it("filters, and refuses malformed filters with a 422 that changes nothing", async () => {
    const one = LeaderboardResponse.parse(await (await get(server, "/leaderboard?task=single_deal")).json());
    expect(one.per_task.every((r) => r.task === "single_deal")).toBe(true);
    expect(one.overall).toEqual([]);
    const none = LeaderboardResponse.parse(await (await get(server, "/leaderboard?engine=9.9.9")).json());
    expect(none.per_task).toEqual([]);
    for (const bad of [
      "?seller=bazaar-default",
      "?task=%3Cscript%3E",
      "?colour=red",
      `?task=${"x".repeat(101)}`,
    ]) {
      const res = await get(server, `/leaderboard${bad}`);
      expect(res.status, bad).toBe(422);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe("VALIDATION_ERROR");
    }
  });

  it("answers 404 for unknown runs and episodes, 422 for malformed ids", async () => {
    expect((await get(server, "/eval/runs/nope")).status).toBe(404);
    expect((await get(server, "/eval/runs/nope/episodes/x")).status).toBe(404);
    expect((await get(server, "/eval/runs/lb-test/episodes/lb-test.rule:smart.single_deal.99")).status).toBe(
      404,
    );
    expect((await get(server, "/eval/runs/lb-test/episodes/a%20b")).status).toBe(422);
  });

  it("says how to make a run when there are none", async () => {
    const body = LeaderboardResponse.parse(await (await get(empty, "/leaderboard")).json());
    expect(body.per_task).toEqual([]);
    expect(body.runs_considered).toBe(0);
    expect(body.how_to_add).toContain("bazaar eval --buyer");
  });
});
