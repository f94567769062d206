import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { parseClientFrame } from "./ws-frames";

// The step frame model as OPENENV §1 states it; the parser's shortcut must agree with it.
const StepModel = z.strictObject({ type: z.literal("step"), data: z.record(z.string(), z.unknown()) });

const stepLike = fc.record(
  {
    type: fc.constantFrom("step", "reset", "Step", 1),
    data: fc.oneof(
      fc.dictionary(fc.oneof(fc.string(), fc.constant("__proto__")), fc.jsonValue()),
      fc.jsonValue(),
    ),
    extra: fc.jsonValue(),
  },
  { requiredKeys: [] },
);

describe("parseClientFrame", () => {
  it("accepts a step frame exactly when the step frame model does, with the same data", () => {
    fc.assert(
      fc.property(stepLike, (frame) => {
        const raw = JSON.stringify(frame);
        const value = JSON.parse(raw) as unknown;
        const got = parseClientFrame(raw);
        const model = StepModel.safeParse(value);
        if ((value as { type?: unknown }).type !== "step") return;
        if (model.success) expect(got).toEqual({ type: "step", data: model.data.data });
        else
          expect(got).toMatchObject({
            type: "rejected",
            fatal: false,
            frame: { data: { code: "VALIDATION_ERROR" } },
          });
      }),
      { numRuns: 2000 },
    );
  });

  it("rejects step frames with extra keys, no payload, or a non-object payload", () => {
    for (const raw of [
      '{"type":"step","data":{},"x":1}',
      '{"type":"step"}',
      '{"type":"step","data":[1]}',
      '{"type":"step","data":null}',
      '{"type":"step","data":"offer"}',
    ]) {
      expect(parseClientFrame(raw)).toMatchObject({
        type: "rejected",
        frame: { data: { code: "VALIDATION_ERROR" } },
      });
    }
    expect(parseClientFrame('{"data":{"type":"walk"},"type":"step"}')).toEqual({
      type: "step",
      data: { type: "walk" },
    });
    const raw = '{"type":"step","data":{"type":"walk","__proto__":{"x":1}}}';
    const viaModel = StepModel.parse(JSON.parse(raw)).data;
    const got = parseClientFrame(raw) as { data: Record<string, unknown> };
    expect(Object.keys(got.data)).toEqual(Object.keys(viaModel));
    expect(Object.hasOwn(got.data, "__proto__")).toBe(false);
  });
});
