import type { z } from "zod";
import { cappedEcho } from "./echo-cap";

/**
 * One entry of pydantic's validation error list, the shape FastAPI's 422 `detail`, OpenEnv's
 * WS `errors` and our JSON-RPC `data` all carry (OPENENV §1.4, §2.2). `ctx` is present exactly
 * where pydantic sets it (bounds, expected values, patterns).
 */
export interface PydanticError {
  type: string;
  loc: (string | number)[];
  msg: string;
  input: unknown;
  ctx?: Record<string, unknown>;
}

/** Where an issue's path points on the wire; each transport roots it its own way. */
export type LocOf = (path: readonly PropertyKey[]) => (string | number)[];

export const plainLoc: LocOf = (path) => path.map((p) => (typeof p === "number" ? p : String(p)));

const TYPE_NAMES: Record<string, string> = {
  string: "string_type",
  number: "float_type",
  int: "int_type",
  boolean: "bool_type",
  object: "dict_type",
  record: "dict_type",
  array: "list_type",
  null: "none_required",
};

const SESSION_HINT = "Field required: session_id identifies your session; POST /reset returns one.";

function valueAt(root: unknown, path: readonly PropertyKey[]): unknown {
  let cur: unknown = root;
  for (const key of path) {
    if (cur === null || typeof cur !== "object") return undefined;
    cur = (cur as Record<PropertyKey, unknown>)[key];
  }
  return cur;
}

/** pydantic's spelling of the allowed values: "'a', 'b' or 'c'". */
function expectedList(values: readonly unknown[]): string {
  const shown = values.map((v) => (typeof v === "string" ? `'${v}'` : String(v)));
  if (shown.length <= 1) return shown.join("");
  return `${shown.slice(0, -1).join(", ")} or ${shown[shown.length - 1]}`;
}

function sizeEntry(issue: z.core.$ZodIssueTooSmall | z.core.$ZodIssueTooBig, here: unknown) {
  const big = issue.code === "too_big";
  const bound = Number(
    big ? (issue as z.core.$ZodIssueTooBig).maximum : (issue as z.core.$ZodIssueTooSmall).minimum,
  );
  if (issue.origin === "string") {
    return big
      ? { type: "string_too_long", ctx: { max_length: bound } }
      : { type: "string_too_short", ctx: { min_length: bound } };
  }
  if (issue.origin === "array" || issue.origin === "set") {
    const actual = Array.isArray(here) ? here.length : undefined;
    return big
      ? { type: "too_long", ctx: { field_type: "List", max_length: bound, actual_length: actual } }
      : { type: "too_short", ctx: { field_type: "List", min_length: bound, actual_length: actual } };
  }
  const inclusive = issue.inclusive !== false;
  if (big)
    return inclusive
      ? { type: "less_than_equal", ctx: { le: bound } }
      : { type: "less_than", ctx: { lt: bound } };
  return inclusive
    ? { type: "greater_than_equal", ctx: { ge: bound } }
    : { type: "greater_than", ctx: { gt: bound } };
}

function entries(issue: z.core.$ZodIssue, input: unknown, locOf: LocOf): PydanticError[] {
  const path = issue.path;
  const loc = locOf(path);
  const here = valueAt(input, path);
  switch (issue.code) {
    case "unrecognized_keys":
      return issue.keys.map((key) => ({
        type: "extra_forbidden",
        loc: locOf([...path, key]),
        msg: "Extra inputs are not permitted",
        input: valueAt(here, [key]) ?? null,
      }));
    case "invalid_type": {
      if (here === undefined) {
        const msg = path.length === 1 && path[0] === "session_id" ? SESSION_HINT : "Field required";
        // pydantic echoes the object the field is missing from.
        return [{ type: "missing", loc, msg, input: valueAt(input, path.slice(0, -1)) ?? null }];
      }
      if (typeof here === "number" && !Number.isFinite(here)) {
        return [{ type: "finite_number", loc, msg: "Input should be a finite number", input: String(here) }];
      }
      return [
        {
          type: TYPE_NAMES[issue.expected] ?? `${issue.expected}_type`,
          loc,
          msg: issue.message,
          input: here,
        },
      ];
    }
    case "invalid_value": {
      // zod does not say whether the values came from a literal or an enum; one value reads as a literal.
      const type = issue.values.length === 1 ? "literal_error" : "enum";
      const ctx = { expected: expectedList(issue.values) };
      return [{ type, loc, msg: issue.message, input: here ?? null, ctx }];
    }
    case "too_small":
    case "too_big":
      return [{ ...sizeEntry(issue, here), loc, msg: issue.message, input: here ?? null }];
    case "invalid_format":
      if (issue.format === "regex" && issue.pattern !== undefined) {
        const ctx = { pattern: issue.pattern };
        return [{ type: "string_pattern_mismatch", loc, msg: issue.message, input: here ?? null, ctx }];
      }
      return [{ type: "value_error", loc, msg: issue.message, input: here ?? null }];
    default:
      return [{ type: "value_error", loc, msg: issue.message, input: here ?? null }];
  }
}

/**
 * Zod issues in pydantic's list shape, with `input` taken from the value that was validated
 * (zod does not keep it). Unknown keys become one `extra_forbidden` entry each, as pydantic
 * reports them. Inputs are echoed bounded: an error never grows with what the client sent.
 */
export function toPydanticErrors(
  error: z.ZodError,
  input: unknown,
  locOf: LocOf = plainLoc,
): PydanticError[] {
  return error.issues
    .flatMap((issue) => entries(issue, input, locOf))
    .map((e) => ({ ...e, input: cappedEcho(e.input) }));
}
