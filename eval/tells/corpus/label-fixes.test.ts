import { describe, expect, it } from "vitest";
import { loadCorpus } from "./corpus-row";
import { LABEL_FIXES, LATEST_LABELS, type LabelFix, withLabelFixes } from "./label-fixes";

const written = loadCorpus({ labels: 0 });
const first = written.find((r) => r.spans.length === 0 && !r.text.includes("[")) as (typeof written)[number];
const second = written.find((r) => r !== first && r.spans.length > 0) as (typeof written)[number];
// Two made-up revisions over real rows: the mechanism is checked whatever LABEL_FIXES holds.
const SAMPLE: readonly LabelFix[] = [
  { revision: 1, id: first.id, markup: `[[u:${first.text}]]`, why: "test" },
  { revision: 2, id: second.id, markup: second.text, why: "test: labels removed" },
];

describe("label fixes", () => {
  it("revision 0 is the rows as their families wrote them, and loadCorpus() reads the latest", () => {
    expect(withLabelFixes(written, 0)).toEqual(written);
    expect(withLabelFixes(written, 0, SAMPLE)).toEqual(written);
    expect(loadCorpus()).toEqual(withLabelFixes(written, LATEST_LABELS));
  });

  it("each revision changes exactly the rows its fixes name, and only their labels", () => {
    const one = withLabelFixes(written, 1, SAMPLE);
    const two = withLabelFixes(written, 2, SAMPLE);
    const changed = (a: typeof written, b: typeof written) =>
      a.filter((r, i) => JSON.stringify(r) !== JSON.stringify(b[i])).map((r) => r.id);
    expect(changed(one, written)).toEqual([first.id]);
    expect(changed(two, one)).toEqual([second.id]);
    const fixed = one.find((r) => r.id === first.id);
    expect(fixed).toEqual({ ...first, spans: [{ start: 0, end: first.text.length, signal: "urgency" }] });
    expect(two.find((r) => r.id === second.id)).toEqual({ ...second, spans: [], condition_label: null });
    expect(written.find((r) => r.id === first.id)).toEqual(first);
  });

  it("refuses a fix that would land on the wrong row, and a revision that does not exist", () => {
    const fix = SAMPLE[0] as LabelFix;
    expect(() => withLabelFixes(written, 1, [{ ...fix, markup: `${fix.markup} jaldi` }])).toThrow(
      /text is not the row's/,
    );
    expect(() => withLabelFixes(written, 1, [{ ...fix, id: "no_such_family-0001" }])).toThrow(/no such row/);
    expect(() => withLabelFixes(written, 3, SAMPLE)).toThrow(/label revision/);
    expect(() => withLabelFixes(written, -1, SAMPLE)).toThrow(/label revision/);
    expect(() => withLabelFixes(written, 0.5, SAMPLE)).toThrow(/label revision/);
    expect(() => loadCorpus({ labels: LATEST_LABELS + 1 })).toThrow(/label revision/);
  });

  it("the committed fixes apply, newest revision included, and grade battery health by the rule's bands", () => {
    const band = (pct: number) => (pct >= 90 ? "very_good" : pct >= 80 ? "good" : "acceptable");
    const fixed = loadCorpus();
    // Oldest revision first: a row fixed twice takes its newest fix, whatever order entries were added in.
    const revisions = LABEL_FIXES.map((f) => f.revision);
    expect(revisions).toEqual([...revisions].sort((x, y) => x - y));
    expect(Math.max(0, ...revisions)).toBe(LATEST_LABELS);
    for (const f of LABEL_FIXES) {
      const row = fixed.find((r) => r.id === f.id);
      expect(row, f.id).toBeDefined();
      if (!/battery/i.test(f.markup)) continue;
      const span = row?.spans.find((s) => s.signal === "condition");
      const pct = Number(/(\d\d)\s?%/.exec(row?.text.slice(span?.start, span?.end) ?? "")?.[1]);
      expect(span?.label, f.id).toBe(band(pct));
      expect(row?.condition_label, f.id).toBe(band(pct));
    }
  });
});
