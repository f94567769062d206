import { describe, expect, it } from "vitest";
import type { TextSink } from "./command-io";
import { createProgress, formatEta, progressLine } from "./progress";
import { parseSeeds } from "./seeds-arg";

describe("parseSeeds", () => {
  it("reads ranges, lists and mixes, sorted and unique", () => {
    expect(parseSeeds("1..5")).toEqual([1, 2, 3, 4, 5]);
    expect(parseSeeds("5,1,2,2")).toEqual([1, 2, 5]);
    expect(parseSeeds("1..3, 10, 2..4")).toEqual([1, 2, 3, 4, 10]);
  });
  it("rejects backwards ranges and words", () => {
    expect(() => parseSeeds("5..1")).toThrow(/backwards/);
    expect(() => parseSeeds("one")).toThrow(/bad seed/);
    expect(() => parseSeeds("")).toThrow(/no seeds/);
  });
});

describe("progress", () => {
  it("draws a bar with an ETA from the pace so far", () => {
    expect(progressLine(5, 10, 10_000, 10)).toBe("[#####-----] 5/10 50% ETA 00:10");
    expect(progressLine(0, 10, 0, 10)).toBe("[----------] 0/10 0% ETA --:--");
    expect(formatEta(125_000)).toBe("02:05");
  });

  it("writes a line per tenth of the work when stderr is not a terminal", () => {
    const lines: string[] = [];
    const sink: TextSink = { write: (t) => lines.push(t), isTTY: false };
    let t = 0;
    const p = createProgress(sink, () => t);
    for (let done = 0; done <= 100; done++) {
      t += 10;
      p.update(done, 100, `unit ${done}`);
    }
    p.finish();
    expect(lines).toHaveLength(11);
    expect(lines.every((l) => l.endsWith("\n"))).toBe(true);
  });

  it("redraws one line in place on a terminal", () => {
    const chunks: string[] = [];
    const p = createProgress({ write: (t) => chunks.push(t), isTTY: true, columns: 200 }, () => 0);
    p.update(1, 4, "a");
    p.update(2, 4, "b");
    p.finish();
    expect(chunks.slice(0, 2).every((c) => c.startsWith("\r"))).toBe(true);
    expect(chunks[2]).toBe("\n");
  });
});
