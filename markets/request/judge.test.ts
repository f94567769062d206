import { describe, expect, it } from "vitest";
import {
  codeJudge,
  codeVerdict,
  criteriaMet,
  type Judge,
  judgeFailClosed,
  qualifies,
  settleVerdict,
} from "./judge";

const input = (pitch: string, criteria = ["fixed price", "delivery within three days", "warranty"]) => ({
  item: "logo design",
  criteria,
  min_quality: 6,
  pitch,
});

describe("code judge", () => {
  it("scores by the share of criteria the pitch addresses and names what is missing", async () => {
    const all = await codeJudge.judge(
      input("A fixed price quote, delivery within three days, and a one year warranty on the files."),
    );
    expect(all).toEqual({ score: 10, feedback: "Meets the bar.", error: null });
    const some = await codeJudge.judge(
      input("A fixed price quote with a warranty, nothing else promised here today."),
    );
    expect(some.score).toBe(7);
    const none = await codeJudge.judge(
      input("I am very good at this kind of work and will do it well for you."),
    );
    expect(none.score).toBe(1);
    expect(none.feedback).toContain("fixed price; delivery within three days; warranty");
  });

  it("caps a placeholder pitch however many criteria it names", async () => {
    const v = await codeJudge.judge(input("fixed price, three days delivery, warranty"));
    expect(v.score).toBe(3);
    expect(v.feedback).toContain("too short");
  });

  it("matches whole words, case-insensitively", () => {
    expect(criteriaMet(["Warranty"], "WARRANTY included")).toEqual([true]);
    expect(criteriaMet(["warranty"], "warranties included")).toEqual([false]);
  });
});

describe("judgeFailClosed", () => {
  it("turns a throwing judge into not-qualified with the error recorded", async () => {
    const broken: Judge = {
      id: "broken",
      judge: async () => {
        throw new Error("upstream 503");
      },
    };
    const v = await judgeFailClosed(broken, input("anything"));
    expect(v).toMatchObject({ score: null, error: "upstream 503" });
    expect(qualifies(v, 1)).toBe(false);
  });

  it("turns a malformed verdict into not-qualified", async () => {
    const odd: Judge = { id: "odd", judge: () => ({ score: 11, feedback: "", error: null }) };
    const v = await judgeFailClosed(odd, input("anything"));
    expect(v.error).toBe("malformed verdict");
    expect(qualifies(v, 1)).toBe(false);
  });
});

describe("settleVerdict: what a failed judge means", () => {
  const input = {
    item: "logo",
    criteria: ["vector files"],
    min_quality: 6,
    pitch: "Vector files delivered in every format you could need for the sign.",
  };
  const failed = {
    score: null,
    feedback: "The judge could not score this submission.",
    error: "judge timed out",
  };

  it("keeps a good verdict from the primary judge as it is", () => {
    const ok = { score: 8, feedback: "fine", error: null };
    expect(settleVerdict(ok, "model:x#judge@1", input)).toEqual({
      verdict: ok,
      judge: "model:x#judge@1",
      fallback_from: null,
    });
  });

  it("by default scores a failed verdict with the code judge and records who failed and why", () => {
    const r = settleVerdict(failed, "model:x#judge@1", input);
    expect(r.judge).toBe(codeJudge.id);
    expect(r.verdict).toEqual(codeVerdict(input));
    expect(r.fallback_from).toEqual({ judge: "model:x#judge@1", error: "judge timed out" });
  });

  it("with not_qualified, or when the code judge itself failed, the failure stands (not qualified)", () => {
    for (const [id, rule] of [
      ["model:x#judge@1", "not_qualified"],
      [codeJudge.id, "code"],
    ] as const) {
      const r = settleVerdict(failed, id, input, rule);
      expect(r).toEqual({ verdict: failed, judge: id, fallback_from: null });
      expect(qualifies(r.verdict, 1)).toBe(false);
    }
  });
});
