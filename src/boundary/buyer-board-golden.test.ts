import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { leaderboardView } from "./leaderboard-view";
import { buyerBoardRuns } from "./testing/buyer-board-runs";

describe("the buyer leaderboard's answer", () => {
  it("is byte-identical to the one recorded before the seller board (generalised ranking)", async () => {
    const golden = readFileSync(join(__dirname, "testing", "buyer-board.golden.json"), "utf8");
    expect(`${JSON.stringify(leaderboardView(await buyerBoardRuns(), {}))}\n`).toBe(golden);
  });
});
