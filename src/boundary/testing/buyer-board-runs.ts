import type { StoredRun } from "../../../eval/leaderboard/leaderboard";
import { storedRun } from "../../../eval/leaderboard/testing/stored-run";

const run = storedRun;

/**
 * Fixed buyer eval runs (fixed ids, commits and times) whose leaderboard view was recorded in
 * buyer-board.golden.json before the seller board existed: the buyer response must not move.
 * Two runs (one superseding part of the other), two tasks (overall rows) and an oracle row.
 */
export async function buyerBoardRuns(): Promise<StoredRun[]> {
  const old = await run(
    "g-old",
    ["rule:naive", "rule:smart"],
    ["single_deal"],
    [1, 2, 3],
    "2026-01-01T00:00:00Z",
  );
  const neu = await run(
    "g-new",
    ["rule:smart", "rule:naive"],
    ["single_deal", "deceptive_seller"],
    [1, 2, 3, 4],
    "2026-01-02T00:00:00Z",
  );
  const asOracle = neu.units
    .filter((u) => u.buyer_id === "rule:smart")
    .map((u) => ({ ...u, buyer_id: "oracle" }));
  return [old, { ...neu, units: [...neu.units, ...asOracle] }];
}
