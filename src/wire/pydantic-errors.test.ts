import { describe, expect, it } from "vitest";
import { z } from "zod";
import { Action } from "../../env/action";
import { ECHO_MAX_CHARS } from "./echo-cap";
import { toPydanticErrors } from "./pydantic-errors";
import { ResetRequest } from "./reset";
import { StepRequest } from "./step";

const errorsOf = (schema: z.ZodType, input: unknown) => {
  const parsed = schema.safeParse(input);
  if (parsed.success) throw new Error("expected a validation failure");
  return toPydanticErrors(parsed.error, input);
};

describe("toPydanticErrors: pydantic's list shape, one mapper for HTTP, WS and MCP", () => {
  it("bounds carry pydantic's ctx: ge/gt/le/lt for numbers, lengths for strings and lists", () => {
    expect(errorsOf(ResetRequest, { seed: -1 })).toEqual([
      expect.objectContaining({ type: "greater_than_equal", loc: ["seed"], input: -1, ctx: { ge: 0 } }),
    ]);
    expect(errorsOf(z.object({ p: z.number().positive() }), { p: 0 })[0]).toMatchObject({
      type: "greater_than",
      ctx: { gt: 0 },
    });
    expect(errorsOf(z.object({ p: z.number().lt(5) }), { p: 9 })[0]).toMatchObject({
      type: "less_than",
      ctx: { lt: 5 },
    });
    expect(errorsOf(StepRequest, { session_id: "", action: { type: "walk" } })[0]).toMatchObject({
      type: "string_too_short",
      loc: ["session_id"],
      ctx: { min_length: 1 },
    });
    expect(errorsOf(z.object({ xs: z.array(z.number()).max(1) }), { xs: [1, 2, 3] })[0]).toMatchObject({
      type: "too_long",
      loc: ["xs"],
      ctx: { field_type: "List", max_length: 1, actual_length: 3 },
    });
  });

  it("one allowed value is a literal_error, several an enum, both with pydantic's expected text", () => {
    expect(errorsOf(z.object({ v: z.literal("2.0") }), { v: "1.0" })[0]).toMatchObject({
      type: "literal_error",
      ctx: { expected: "'2.0'" },
    });
    expect(errorsOf(z.object({ c: z.enum(["greedy", "repeat"]) }), { c: "x" })[0]).toMatchObject({
      type: "enum",
      input: "x",
      ctx: { expected: "'greedy' or 'repeat'" },
    });
  });

  it("a wrong action type is an enum error at loc type, as OpenEnv clients print it", () => {
    expect(errorsOf(Action, { type: "haggle" })).toEqual([
      expect.objectContaining({ type: "enum", loc: ["type"], input: "haggle" }),
    ]);
  });

  it("missing fields echo the enclosing object; extra keys are one extra_forbidden each, without ctx", () => {
    const missing = errorsOf(StepRequest, { action: { type: "walk" } });
    expect(missing[0]).toMatchObject({
      type: "missing",
      loc: ["session_id"],
      input: { action: { type: "walk" } },
    });
    expect(missing[0]?.msg).toContain("POST /reset");
    expect(errorsOf(Action, { type: "walk", a: 1, b: 2 })).toEqual([
      { type: "extra_forbidden", loc: ["a"], msg: "Extra inputs are not permitted", input: 1 },
      { type: "extra_forbidden", loc: ["b"], msg: "Extra inputs are not permitted", input: 2 },
    ]);
  });

  it("wrong types name pydantic's type; a non-finite number is finite_number", () => {
    expect(errorsOf(Action, { type: "offer", price: "ten" })[0]).toMatchObject({
      type: "float_type",
      loc: ["price"],
    });
    expect(errorsOf(Action, { type: "offer", price: Number.POSITIVE_INFINITY })[0]).toMatchObject({
      type: "finite_number",
      input: "Infinity",
    });
  });

  it("roots locs where the transport says, and echoes inputs bounded", () => {
    const long = "x".repeat(ECHO_MAX_CHARS * 10);
    const parsed = z.object({ n: z.number() }).safeParse({ n: long });
    if (parsed.success) throw new Error("expected a failure");
    const [e] = toPydanticErrors(parsed.error, { n: long }, (p) => ["body", ...p.map(String)]);
    expect(e?.loc).toEqual(["body", "n"]);
    expect(String(e?.input).length).toBeLessThan(ECHO_MAX_CHARS * 2);
  });
});
