import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { evalCommand } from "../../cli/eval/commands";
import { captureIo } from "../../testing/capture-io";
import { startEvalStoreServers } from "../../testing/eval-store-servers";
import { SCRIPTED_SELLER_EVAL } from "../../testing/seller-eval-args";
import { LeaderboardResponse, SellerLeaderboardResponse } from "../../wire/leaderboard";
import type { RunningServer } from "../server";

let dir: string;
let server: RunningServer;
let empty: RunningServer;
const get = (base: RunningServer, path: string) => fetch(`${base.url}${path}`);

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "bazaar-seller-board-"));
  const evalDb = join(dir, "eval.db");
  const out = ["--out", join(dir, "runs"), "--db", evalDb, "--quiet"];
  const io = captureIo();
  expect(
    await evalCommand(
      ["--buyer", "rule:smart", "--task", "single_deal", "--seeds", "1..2", "--run-id", "b", ...out],
      io,
    ),
  ).toBe(0);
  expect(
    await evalCommand(
      [
        ...SCRIPTED_SELLER_EVAL,
        ...["--buyer", "rule-smart@1", "--buyer", "boulware@1", "--seeds", "1..3", "--run-id", "s", ...out],
      ],
      io,
    ),
  ).toBe(0);
  ({ server, empty } = await startEvalStoreServers(evalDb, dir));
});
afterAll(async () => {
  await server?.close();
  await empty?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("GET /leaderboard?role=", () => {
  it("role=buyer answers byte for byte what no role does: the buyer board, seller runs left out", async () => {
    const plain = await (await get(server, "/leaderboard")).text();
    expect(await (await get(server, "/leaderboard?role=buyer")).text()).toBe(plain);
    const body = LeaderboardResponse.parse(JSON.parse(plain));
    expect(body.per_task.map((r) => r.run_id)).toEqual(["b"]);
    expect(body.runs_considered).toBe(1);
    expect(JSON.parse(plain)).not.toHaveProperty("role");
  });

  it("role=seller ranks the seller agents of stored seller runs per task and buyer, and overall", async () => {
    const res = await get(server, "/leaderboard?role=seller");
    expect(res.status).toBe(200);
    const text = await res.text();
    const body = SellerLeaderboardResponse.parse(JSON.parse(text));
    expect(body.per_task).toHaveLength(4);
    expect(new Set(body.per_task.map((r) => r.task))).toEqual(
      new Set(["sell_single_deal", "sell_tough_buyer"]),
    );
    expect(body.overall.map((r) => r.agent)).toEqual(["scripted-seller@1"]);
    for (const r of body.per_task) {
      expect(r).toMatchObject({ agent: "scripted-seller@1", run_id: "s", seeds: 3, tells: true });
      expect(r.examples.every((e) => e.replay === null)).toBe(true);
    }
    expect(body.available.buyers).toEqual(["boulware@1", "rule-smart@1"]);
    // Aggregates only: no reservation, cost or budget in any field.
    expect(text).not.toMatch(/reservation|cost|budget|"records"/i);
    const one = SellerLeaderboardResponse.parse(
      await (await get(server, "/leaderboard?role=seller&buyer=boulware@1&task=sell_tough_buyer")).json(),
    );
    expect(one.per_task.map((r) => [r.task, r.buyers[r.task]?.split("#")[0]])).toEqual([
      ["sell_tough_buyer", "boulware@1"],
    ]);
    expect(one.filters).toEqual({ buyer: "boulware@1", task: "sell_tough_buyer" });
  });

  it("refuses an unknown role and malformed seller-board filters with a 422 that names the field", async () => {
    for (const [bad, field] of [
      ["?role=auctioneer", "query.role"],
      ["?role=SELLER", "query.role"],
      ["?role=seller&buyer=rule-smart", "query.buyer"],
      ["?role=seller&agent=%3Cscript%3E", "query.agent"],
      ["?role=seller&seller=bazaar-default@1", "query"],
      ["?role=buyer&agent=scripted-seller@1", "query"],
      [`?role=seller&task=${"x".repeat(101)}`, "query.task"],
    ] as const) {
      const res = await get(server, `/leaderboard${bad}`);
      expect(res.status, bad).toBe(422);
      const err = ((await res.json()) as { error: { code: string; message: string } }).error;
      expect(err.code).toBe("VALIDATION_ERROR");
      expect(err.message, bad).toContain(field);
    }
  });

  it("says how to make a seller run when there are none", async () => {
    const body = SellerLeaderboardResponse.parse(await (await get(empty, "/leaderboard?role=seller")).json());
    expect(body.per_task).toEqual([]);
    expect(body.runs_considered).toBe(0);
    expect(body.how_to_add).toContain("bazaar eval --role seller");
  });
});
