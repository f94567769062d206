import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { BUYER_RELEASES, buyerReleaseKey } from "../../buyers/releases";
import { replayEvents } from "../../env/episode-state";
import { observeSeller } from "../../env/seller-role/observe-seller";
import { SELLER_TASKS, sellerTaskKey } from "../seller-role/seller-tasks";
import { GOLDEN_SEEDS } from "./golden-episodes";
import { playSellerGolden } from "./seller-role-golden";

// Seller-role fixtures pin byte-identical episodes: every task against its pinned buyer, and the
// first task against every released code buyer (so a buyer's behaviour is pinned with its hash).
// New fixtures only: BAZAAR_UPDATE_GOLDEN=1 npx vitest run tasks/golden/seller-role — never
// re-record a released one to make a change pass; release a new version instead.
const dir = join(import.meta.dirname, "fixtures", "seller-role");
const update = process.env.BAZAAR_UPDATE_GOLDEN === "1";

const CODE_BUYERS = BUYER_RELEASES.filter((r) => r.kind !== "llm").map(buyerReleaseKey);
const CASES: [string, string][] = [
  ...SELLER_TASKS.map((t): [string, string] => [sellerTaskKey(t), t.buyer]),
  ...CODE_BUYERS.filter((b) => b !== SELLER_TASKS[0]?.buyer).map((b): [string, string] => [
    sellerTaskKey(SELLER_TASKS[0] as (typeof SELLER_TASKS)[number]),
    b,
  ]),
];

describe("seller-role golden episodes", () => {
  for (const [task, buyer] of CASES) {
    for (const seed of GOLDEN_SEEDS) {
      it(`${task} vs ${buyer} seed ${seed} replays byte-for-byte`, async () => {
        const file = join(dir, `${task}.${buyer}.${seed}.json`);
        const actual = `${JSON.stringify(await playSellerGolden(task, buyer, seed), null, 1)}\n`;
        if (update && !existsSync(file)) {
          mkdirSync(dir, { recursive: true });
          writeFileSync(file, actual);
        }
        expect(existsSync(file), `missing fixture ${file}: record it with BAZAAR_UPDATE_GOLDEN=1`).toBe(true);
        expect(actual).toBe(readFileSync(file, "utf8"));
      });
    }
  }

  it("a stored seller-role log replays to the same state and the same seller observation", async () => {
    const live = await playSellerGolden("sell_single_deal@1", "ev@1", 7);
    const rebuilt = replayEvents(JSON.parse(JSON.stringify(live.events)), null);
    expect(rebuilt.events).toEqual(live.events);
    expect(observeSeller(rebuilt)).toEqual(live.observations.at(-1));
  });
});
