import type { z } from "zod";
import { cappedEcho } from "../http/echo-cap";

/** One entry of a pydantic/FastAPI validation error list, the shape OpenEnv clients print. */
export interface PydanticError {
  type: string;
  loc: (string | number)[];
  msg: string;
  input: unknown;
}

function valueAt(root: unknown, path: readonly PropertyKey[]): unknown {
  let cur: unknown = root;
  for (const key of path) {
    if (cur === null || typeof cur !== "object") return undefined;
    cur = (cur as Record<PropertyKey, unknown>)[key];
  }
  return cur;
}

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

function sizeType(issue: z.core.$ZodIssue, big: boolean): string {
  const origin = "origin" in issue ? String(issue.origin) : "";
  if (origin === "string") return big ? "string_too_long" : "string_too_short";
  if (origin === "array") return big ? "too_long" : "too_short";
  const inclusive = "inclusive" in issue ? issue.inclusive !== false : true;
  if (big) return inclusive ? "less_than_equal" : "less_than";
  return inclusive ? "greater_than_equal" : "greater_than";
}

const asLoc = (path: readonly PropertyKey[]): (string | number)[] =>
  path.map((p) => (typeof p === "number" ? p : String(p)));

/**
 * Zod issues in pydantic's list shape, with `input` taken from the value that was validated
 * (zod does not keep it by default). Unknown keys become one `extra_forbidden` entry each, as
 * pydantic reports them.
 */
export function toPydanticErrors(error: z.ZodError, input: unknown, locPrefix: (string | number)[] = []) {
  const out: PydanticError[] = [];
  for (const issue of error.issues) {
    const loc = [...locPrefix, ...asLoc(issue.path)];
    const here = valueAt(input, issue.path);
    switch (issue.code) {
      case "unrecognized_keys":
        for (const key of issue.keys) {
          out.push({
            type: "extra_forbidden",
            loc: [...loc, key],
            msg: "Extra inputs are not permitted",
            input: valueAt(here, [key]),
          });
        }
        break;
      case "invalid_type":
        if (here === undefined) {
          out.push({
            type: "missing",
            loc,
            msg: "Field required",
            input: valueAt(input, issue.path.slice(0, -1)),
          });
        } else {
          out.push({
            type: TYPE_NAMES[issue.expected] ?? "type_error",
            loc,
            msg: issue.message,
            input: here,
          });
        }
        break;
      case "invalid_value":
        out.push({
          type: issue.values.length > 1 ? "enum" : "literal_error",
          loc,
          msg: issue.message,
          input: here,
        });
        break;
      case "too_small":
        out.push({ type: sizeType(issue, false), loc, msg: issue.message, input: here });
        break;
      case "too_big":
        out.push({ type: sizeType(issue, true), loc, msg: issue.message, input: here });
        break;
      default:
        out.push({ type: "value_error", loc, msg: issue.message, input: here });
    }
  }
  // Inputs are echoed bounded: an error frame never grows with what the client sent.
  return out.map((e) => ({ ...e, input: cappedEcho(e.input) }));
}
