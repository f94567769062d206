import { describe, expect, it } from "vitest";
import { DealOutcome } from "../env/records";
import { dealSummary } from "./career-view";
import { OUTCOME_WORDS, outcomeWords } from "./outcome-words";
import { verdict } from "./verdict";

describe("outcome words", () => {
  it("names every outcome the engine can end with, each differently", () => {
    const words = DealOutcome.options.map((o) => outcomeWords(o));
    expect(new Set(words).size).toBe(DealOutcome.options.length);
    expect(Object.keys(OUTCOME_WORDS).sort()).toEqual([...DealOutcome.options].sort());
  });

  it("does not call a sold-out market 'time ran out' anywhere it is shown", () => {
    expect(outcomeWords("sold_out")).toBe("sold out to another buyer");
    const v = verdict({ outcome: "sold_out", agreedPrice: null, budget: 100, cost: 40, reservation: 60 });
    expect(v.headline).toBe("Sold out.");
    expect(`${v.headline} ${v.detail}`).not.toMatch(/time ran out|rounds ran out/i);
    const summary = dealSummary({
      episode: 1,
      outcome: "sold_out",
      agreed_price: null,
      rounds_taken: 3,
    } as Parameters<typeof dealSummary>[0]);
    expect(summary).toBe("no deal, sold out to another buyer in 3 rounds");
  });

  it("passes an outcome it does not know through as it came (the caller escapes it)", () => {
    expect(outcomeWords("haggled_forever")).toBe("haggled_forever");
  });
});
