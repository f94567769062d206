import { describe, expect, it } from "vitest";
import { codeJudge, criteriaMet, type Judge, judgeFailClosed, qualifies } from "./judge";

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
