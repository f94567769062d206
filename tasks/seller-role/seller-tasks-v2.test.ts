import { describe, expect, it } from "vitest";
import { resolveBuyer } from "../../buyers/registry";
import { formatMoney, formatRupees } from "../../env/money";
import { scriptedSellerAgent } from "./scripted-seller-agent";
import { openSellerRun, stepSellerRun } from "./seller-run";
import { CURRENT_SELLER_TASK_KEYS, requireSellerTask } from "./seller-tasks";

async function play(task: string, seed: number) {
  const { run, result } = await openSellerRun(task, {
    seed,
    episodeId: "v2",
    buyer: resolveBuyer("rule-smart@1"),
  });
  let r = result;
  while (!r.done) r = await stepSellerRun(run, scriptedSellerAgent(r.observation));
  return { opened: result, last: r, spec: run.episode.spec };
}

describe("seller-role tasks @2 (exact money)", () => {
  it("say the agreed price exactly where @1 says whole rupees, on the same per-seed economics", async () => {
    let differ = 0;
    for (let seed = 1; seed <= 12; seed++) {
      const v1 = await play("sell_single_deal@1", seed);
      const v2 = await play("sell_single_deal@2", seed);
      expect(v2.spec.money).toBe("exact");
      expect(v1.spec.money).toBeUndefined();
      // The draws are the buyer tasks' @2 and @3 draws, which are the same per seed.
      expect(v2.opened.observation.brief).toEqual(v1.opened.observation.brief);
      expect(v2.spec.buyer_budget).toBe(v1.spec.buyer_budget);
      for (const [run, say] of [
        [v1, formatRupees],
        [v2, formatMoney],
      ] as const) {
        const price = run.last.observation.agreed_price;
        if (price !== null) expect(run.last.observation.notice).toBe(`Deal closed at ${say(price)}.`);
      }
      const p = v2.last.observation.agreed_price;
      if (p !== null && formatMoney(p) !== formatRupees(p)) differ++;
    }
    expect(differ, "some seed closes at a price with paise").toBeGreaterThan(0);
  });

  it("open with the persona naming the ask exactly on @2", async () => {
    const { opened } = await play("sell_tough_buyer@2", 5);
    const opening = opened.observation.dialogue[0];
    expect(opening?.message).toContain(formatMoney(opened.observation.brief.ask_price));
  });

  it("keep bare ids on version 1; the current keys are the @2 tasks and the career", () => {
    expect(requireSellerTask("sell_single_deal").version).toBe("1");
    expect(requireSellerTask("sell_tough_buyer").version).toBe("1");
    expect(CURRENT_SELLER_TASK_KEYS).toEqual(["sell_single_deal@2", "sell_tough_buyer@2", "sell_career_5@1"]);
    expect(CURRENT_SELLER_TASK_KEYS.map((k) => requireSellerTask(k).economics)).toEqual([
      "single_deal@3",
      "asymmetric_pressure@3",
      "career_10@3",
    ]);
  });
});
