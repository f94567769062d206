import { describe, expect, it } from "vitest";
import { CUE_RULES, compileRule, VERBAL_SIGNALS } from "../../env/tells/cue-rules";
import { type CueSpan, matchCueRules } from "../../env/tells/verbal";
import { loadCorpus } from "./corpus/corpus-row";
import { loadSplit } from "./fixtures";

/** Every rule run on every message, no gate: what matchCueRules did before the gates. */
function ungated(message: string): { start: number; end: number; signal: string; explanation: string }[] {
  const out: { start: number; end: number; signal: string; explanation: string }[] = [];
  for (const spec of CUE_RULES) {
    const re = compileRule(spec);
    for (let m = re.exec(message); m !== null; m = re.exec(message)) {
      out.push({
        start: m.index,
        end: m.index + m[0].length,
        signal: spec.signal,
        explanation: spec.explanation,
      });
    }
  }
  return out.sort(
    (a, b) =>
      a.start - b.start ||
      a.end - b.end ||
      VERBAL_SIGNALS.indexOf(a.signal as CueSpan["signal"]) -
        VERBAL_SIGNALS.indexOf(b.signal as CueSpan["signal"]) ||
      a.explanation.localeCompare(b.explanation),
  );
}

const key = (s: { start: number; end: number; signal: string; explanation: string }) =>
  `${s.start}:${s.end}:${s.signal}:${s.explanation}`;

describe("the per-signal rule gates", () => {
  const texts = [...loadCorpus().map((r) => r.text), ...loadSplit("dev").map((r) => r.text)];

  it("lose no rule match on any corpus or fixture message", () => {
    let matches = 0;
    for (const text of texts) {
      const want = ungated(text).map(key).sort();
      const got = matchCueRules(text).map(key).sort();
      expect(got, text).toEqual(want);
      matches += want.length;
    }
    // The comparison is only worth something if the rules fire on many of these messages.
    expect(matches).toBeGreaterThan(500);
  });

  it("run only the signals asked for", () => {
    for (const text of texts.slice(0, 400)) {
      const all = matchCueRules(text);
      expect(matchCueRules(text, (s) => s === "urgency")).toEqual(all.filter((s) => s.signal === "urgency"));
    }
  });
});
