import { describe, expect, it } from "vitest";
import { useReleaseFiles } from "../../eval/tells/model/model-file";
import { VERBAL_SIGNALS } from "./cue-rules";
import { releasedTellsModel, TELLS_MODEL } from "./extract-cues";
import { GROUP_HEAD_NAMES } from "./group-heads";

// Earlier releases load from their files (env/tells/earlier-releases.ts).
useReleaseFiles();

// What the reader tells the cross-signal/2 combiner about a message besides its probabilities.
describe("a tells model's reading of how familiar and how long a message is", () => {
  it("coverage is the known share of the message's features: high for a common phrasing, low for made-up words", () => {
    const familiar = TELLS_MODEL.read("Last price, no bargaining. Many people are asking for it.");
    const strange = TELLS_MODEL.read("Vrelk zanthop quimbor ulvexa drophnik.");
    expect(familiar.coverage).toBeGreaterThan(0.5);
    expect(familiar.coverage).toBeLessThanOrEqual(1);
    expect(strange.coverage).toBeGreaterThanOrEqual(0);
    expect(strange.coverage).toBeLessThan(familiar.coverage - 0.2);
    expect(TELLS_MODEL.read("").coverage).toBe(0);
  });

  it("counts the clauses the message was read in, at least one", () => {
    expect(TELLS_MODEL.read("").clauses).toBe(1);
    expect(TELLS_MODEL.read("Need to sell today").clauses).toBe(1);
    expect(TELLS_MODEL.read("Need to sell today. Moving to Pune. Price is final.").clauses).toBe(3);
  });

  it("splits off the concepts' part of the strongest clause's logit", () => {
    const urgent = TELLS_MODEL.read("Urgent, leaving town tomorrow");
    expect(urgent.conceptLogit.urgency).toBeGreaterThan(0);
    // No lexicon word: nothing from concepts, for any signal.
    const none = TELLS_MODEL.read("Vrelk zanthop quimbor");
    for (const s of VERBAL_SIGNALS) expect(none.conceptLogit[s]).toBe(0);
  });

  it("has no concept part under a feature set whose concepts hash among the n-grams (tells-features/3)", () => {
    const v3 = releasedTellsModel("tells-model@3").read("Urgent, leaving town tomorrow");
    for (const s of VERBAL_SIGNALS) expect(v3.conceptLogit[s]).toBe(0);
  });

  it("reads the group heads' message probabilities (tells-model/6), none for an earlier format", () => {
    const any = GROUP_HEAD_NAMES.indexOf("any");
    const cue = TELLS_MODEL.read("Last price, no bargaining. Two people are coming to see it today.").groups;
    const plain = TELLS_MODEL.read("Hello, the shop opens at ten.").groups;
    expect(cue).toHaveLength(GROUP_HEAD_NAMES.length);
    for (const p of [...cue, ...plain]) {
      expect(p).toBeGreaterThanOrEqual(0);
      expect(p).toBeLessThanOrEqual(1);
    }
    expect(cue[any]).toBeGreaterThan(0.5);
    expect(plain[any]).toBeLessThan(cue[any] as number);
    expect(TELLS_MODEL.read("").groups).toHaveLength(GROUP_HEAD_NAMES.length);
    expect(releasedTellsModel("tells-model@21").read("Last price").groups).toEqual([]);
  });
});
