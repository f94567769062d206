import type { z } from "zod";
import { cappedEcho } from "./echo-cap";

/** One entry of FastAPI/pydantic's 422 `detail` list (OPENENV §2.2). */
export interface DetailEntry {
  type: string;
  loc: (string | number)[];
  msg: string;
  input: unknown;
  ctx?: Record<string, unknown>;
}

export type LocRoot = "body" | "query";

const TYPE_NAMES: Record<string, string> = {
  number: "float_type",
  int: "int_type",
  string: "string_type",
  object: "dict_type",
  array: "list_type",
  boolean: "bool_type",
};

function valueAt(data: unknown, path: readonly PropertyKey[]): unknown {
  let v = data;
  for (const k of path) {
    if (v === null || typeof v !== "object") return undefined;
    v = (v as Record<PropertyKey, unknown>)[k];
  }
  return v;
}

/**
 * Where an issue points. Action fields are reported relative to the action (`["price"]`), as
 * OpenEnv's /step handler does when it re-raises the action model's own errors.
 */
function locOf(root: LocRoot, path: readonly PropertyKey[]): (string | number)[] {
  const keys = path.map((k) => (typeof k === "number" ? k : String(k)));
  if (root === "body" && keys[0] === "action" && keys.length > 1) return keys.slice(1);
  return [root, ...keys];
}

const SESSION_HINT = "Field required: session_id identifies your session; POST /reset returns one.";

function entry(root: LocRoot, issue: z.core.$ZodIssue, data: unknown): DetailEntry[] {
  const path = issue.path;
  const input = valueAt(data, path);
  const loc = locOf(root, path);
  switch (issue.code) {
    case "invalid_type": {
      if (input === undefined) {
        const msg = path.length === 1 && path[0] === "session_id" ? SESSION_HINT : "Field required";
        return [{ type: "missing", loc, msg, input: valueAt(data, path.slice(0, -1)) ?? null }];
      }
      if (typeof input === "number" && !Number.isFinite(input)) {
        return [{ type: "finite_number", loc, msg: "Input should be a finite number", input: String(input) }];
      }
      return [
        { type: TYPE_NAMES[issue.expected] ?? `${issue.expected}_type`, loc, msg: issue.message, input },
      ];
    }
    case "too_small":
      return typeof input === "string"
        ? [
            {
              type: "string_too_short",
              loc,
              msg: issue.message,
              input,
              ctx: { min_length: Number(issue.minimum) },
            },
          ]
        : [
            {
              type: "greater_than_equal",
              loc,
              msg: issue.message,
              input,
              ctx: { ge: Number(issue.minimum) },
            },
          ];
    case "too_big":
      return typeof input === "string"
        ? [
            {
              type: "string_too_long",
              loc,
              msg: issue.message,
              input,
              ctx: { max_length: Number(issue.maximum) },
            },
          ]
        : [{ type: "less_than_equal", loc, msg: issue.message, input, ctx: { le: Number(issue.maximum) } }];
    case "unrecognized_keys":
      return issue.keys.map((key) => ({
        type: "extra_forbidden",
        loc: locOf(root, [...path, key]),
        msg: "Extra inputs are not permitted",
        input: valueAt(input, [key]) ?? null,
      }));
    case "invalid_value":
      return [
        { type: "enum", loc, msg: issue.message, input: input ?? null, ctx: { expected: issue.values } },
      ];
    default:
      return [{ type: "value_error", loc, msg: issue.message, input: input ?? null }];
  }
}

export function validationDetail(root: LocRoot, error: z.ZodError, data: unknown): DetailEntry[] {
  // Inputs are echoed bounded: a 422 body never grows with what the client sent.
  return error.issues.flatMap((i) => entry(root, i, data)).map((e) => ({ ...e, input: cappedEcho(e.input) }));
}
