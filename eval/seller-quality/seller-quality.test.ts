import { describe, expect, it } from "vitest";
import { probeLine, probePrice } from "../../buyers/probe-buyer";
import { openingObservation } from "../../buyers/testing/opening-observation";
import { runSellerQuality, titleTokens } from "./seller-quality";

describe("probe buyer (REFERENCE §12.3)", () => {
  const obs = openingObservation(); // asking 60
  it("opens at 55 % of the asking price", () => {
    expect(probePrice(obs, 8)).toBe(33);
  });
  it("then closes a growing share of the gap to just under the seller's quote", () => {
    const later = { ...obs, current_round: 1, own_last_offer: 33, opponent_last_offer: 54 };
    // progress 1/8, step 0.35, target min(57, 54 × 0.9725) = 52.515 → 33 + 19.515 × 0.35
    expect(probePrice(later, 8)).toBe(39.83);
  });
  it("names its price in whole rupees", () => {
    expect(probeLine(39.83, 2, 8)).toContain("₹40");
  });
});

describe("seller quality", () => {
  it("keeps title tokens of four or more characters from the first eight words", () => {
    expect(titleTokens("Handwoven silk scarf, blue")).toEqual(["handwoven", "silk", "scarf", "blue"]);
    expect(titleTokens("A tin cup")).toEqual([]);
  });

  it("passes the hard rules for a released seller and reports persona consistency only with a judge", async () => {
    const plain = await runSellerQuality({ seller: "bazaar-default@1", n: 12, seed: 42, maxRounds: 8 });
    const byName = Object.fromEntries(plain.criteria.map((c) => [c.name, c]));
    expect(byName.never_below_reservation?.pass).toBe(true);
    expect(byName.never_leak_reservation?.pass).toBe(true);
    expect(byName.counters_never_rise?.pass).toBe(true);
    expect(byName.persona_consistency).toMatchObject({ value: null, pass: null });
    expect(plain.applicable).toBe(6);

    const judged = await runSellerQuality({
      seller: "bazaar-default@1",
      n: 4,
      seed: 42,
      maxRounds: 8,
      judgePersona: async (transcript) => (transcript.includes("seller:") ? "default" : "deceptive"),
    });
    expect(judged.criteria.find((c) => c.name === "persona_consistency")).toMatchObject({
      value: 1,
      pass: true,
    });
    expect(judged.applicable).toBe(7);
  });
});
