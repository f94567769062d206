import { describe, expect, it } from "vitest";
import type { TextSink } from "./command-io";
import { createProgress, formatEta, progressLine, QUIET_MS } from "./progress";
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

  it("off a terminal, says something at least every few seconds, with rate and ETA", () => {
    const lines: string[] = [];
    let t = 0;
    let beat: (() => void) | null = null;
    let stopped = false;
    const p = createProgress(
      { write: (x) => lines.push(x), isTTY: false },
      () => t,
      (ms, fn) => {
        expect(ms).toBe(QUIET_MS);
        beat = fn;
        return () => {
          stopped = true;
        };
      },
    );
    const tick = (ms: number) => {
      t += ms;
      beat?.();
    };
    p.update(0, 100, "");
    // One slow unit: 20 s in which nothing finishes.
    for (let i = 0; i < 4; i++) tick(QUIET_MS);
    expect(lines).toHaveLength(5);
    expect(lines.at(-1)).toMatch(/0\/100 0% ETA --:-- - runs\/min still running, 00:20 since the start\n$/);
    // Quick units, each within the same tenth after the first: a line when 5 s have passed.
    t += 40_000;
    p.update(1, 100, "m seed 1");
    expect(lines.at(-1)).toMatch(/ 1\/100 1% ETA 99:00 1\.0 runs\/min m seed 1\n$/);
    const before = lines.length;
    for (let d = 2; d <= 9; d++) {
      t += 1_000;
      p.update(d, 100, `m seed ${d}`);
    }
    expect(lines.length - before).toBe(1);
    expect(lines.at(-1)).toMatch(/6\/100 .* m seed 6\n$/);
    // The heartbeat stays quiet while lines are fresh, and stops with the run.
    tick(1_000);
    expect(lines.length - before).toBe(1);
    p.finish();
    expect(stopped).toBe(true);
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
