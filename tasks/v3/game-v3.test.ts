import { describe, expect, it } from "vitest";
import { formatMoney } from "../../env/money";
import { runComplete, scoreRun, stepRun } from "../../env/run";
import { sellerKey } from "../../env/seller-policy";
import { openRun } from "../open-run";
import { CURRENT_GAME_KEYS, findTaskRef, V2_TASK_KEYS, V3_TASK_KEYS } from "../task-ref";

describe("v3 tasks: game v2 against the honest-speech seller", () => {
  it("are the nine v2 tasks, pinning responsive@2, and are what the current game means", () => {
    expect(V3_TASK_KEYS).toEqual(V2_TASK_KEYS.map((k) => k.replace("@2", "@3")));
    expect(CURRENT_GAME_KEYS).toEqual(V3_TASK_KEYS);
    for (const key of V3_TASK_KEYS) {
      const v3 = findTaskRef(key);
      const v2 = findTaskRef(key.replace("@3", "@2"));
      expect(v3?.seller).toBe("responsive@2");
      expect(v2?.seller).toBe("responsive@1");
      // Only the seller, the money style and the version differ: same draws, grader, rounds.
      expect({ ...v3, version: "2", seller: "responsive@1", money: undefined }).toEqual({
        ...v2,
        money: undefined,
      });
    }
  });

  it("draw the same economics and seller type as v2 on every seed, and the seller moves alike", () => {
    for (const seed of [1, 2, 77]) {
      const v2 = openRun("single_deal@2", { seed, episodeId: "a" });
      const v3 = openRun("single_deal@3", { seed, episodeId: "a" });
      const { money, task_version, ...spec3 } = v3.episode.spec;
      expect(money).toBe("exact");
      expect(task_version).toBe("3");
      expect({ ...spec3, task_version: "2" }).toEqual(v2.episode.spec);
      expect(sellerKey(v3.episode.seller)).toBe("responsive@2");
      let offer = 0.2 * v2.episode.anchor;
      while (!runComplete(v2)) {
        const a = stepRun(v2, { type: "offer", price: offer });
        const b = stepRun(v3, { type: "offer", price: offer });
        expect(b.observation.opponent_last_offer).toBe(a.observation.opponent_last_offer);
        expect(b.reward).toBe(a.reward);
        offer *= 1.15;
        if (a.done) break;
      }
      expect(scoreRun(v3).score).toBe(scoreRun(v2).score);
    }
  });

  it("say the agreed price exactly, in the seller's words and the deal notice alike", () => {
    let checked = 0;
    for (let seed = 1; seed <= 40; seed++) {
      const run = openRun("single_deal@3", { seed, episodeId: "n" });
      const offer = Math.round(run.episode.anchor * 73.7) / 100; // paise, so whole-rupee rounding would show
      const r = stepRun(run, { type: "offer", price: offer });
      if (r.observation.opponent_last_offer !== null && !r.done) {
        expect(r.observation.seller_message).toContain(formatMoney(r.observation.opponent_last_offer));
      }
      const end = r.done ? r : stepRun(run, { type: "accept" });
      const last = end.info.terminal_observation ?? end.observation;
      const agreed = last.agreed_price;
      if (agreed === null) continue;
      expect(last.notice).toBe(`Deal closed at ${formatMoney(agreed)}.`);
      checked += 1;
    }
    expect(checked).toBeGreaterThan(10);
  });
});
