import type { Context } from "hono";
import type { z } from "zod";
import { exceedsJsonDepth, MAX_JSON_DEPTH } from "../../wire/json-depth";
import { SESSION_ID_MAX } from "../../wire/session-id";
import { HttpError } from "./http-errors";
import { requireJsonContentType } from "./json-content-type";
import { readBodyText, tooLarge } from "./read-body";
import { type LocRoot, validationDetail } from "./validation-detail";

export { tooLarge };

export function nestingTooDeep(): HttpError {
  const msg = `Body nests objects/arrays deeper than ${MAX_JSON_DEPTH} levels.`;
  const detail = [
    { type: "json_too_deep", loc: ["body"], msg, input: null, ctx: { max_depth: MAX_JSON_DEPTH } },
  ];
  return new HttpError("NESTING_TOO_DEEP", msg, detail, { max_depth: MAX_JSON_DEPTH });
}

/**
 * Parse a JSON body: content-type checked, read with the size limit enforced while streaming,
 * nesting depth checked before parsing. An empty body reads as `emptyAs` where the route allows
 * it (OpenEnv's /reset reads it as `{}`).
 */
export async function readJson(c: Context, limitBytes: number, emptyAs?: unknown): Promise<unknown> {
  requireJsonContentType(c);
  const text = await readBodyText(c, limitBytes);
  if (text.trim() === "" && emptyAs !== undefined) return emptyAs;
  if (exceedsJsonDepth(text)) throw nestingTooDeep();
  try {
    return JSON.parse(text);
  } catch (err) {
    const msg = `Body is not valid JSON: ${err instanceof Error ? err.message : "parse error"}`;
    const detail = [
      { type: "json_invalid", loc: ["body", 0], msg: "JSON decode error", input: {}, ctx: { error: msg } },
    ];
    throw new HttpError("INVALID_JSON", msg, detail, detail);
  }
}

export function validate<S extends z.ZodType>(schema: S, data: unknown, root: LocRoot = "body"): z.infer<S> {
  const parsed = schema.safeParse(data);
  if (parsed.success) return parsed.data;
  const detail = validationDetail(root, parsed.error, data);
  const first = detail[0];
  const where = first ? first.loc.join(".") : root;
  throw new HttpError(
    "VALIDATION_ERROR",
    `Invalid request: ${where}: ${first?.msg ?? "invalid"}`,
    detail,
    detail,
  );
}

/** A required query parameter, with the same 422 shape as a missing body field. */
export function requireQuery(c: Context, name: string, hint: string): string {
  const v = c.req.query(name);
  if (v !== undefined && v.length > 0 && v.length <= SESSION_ID_MAX) return v;
  const detail = [
    v === undefined || v.length === 0
      ? { type: "missing", loc: ["query", name], msg: `Field required: ${hint}`, input: null }
      : {
          type: "string_too_long",
          loc: ["query", name],
          msg: `String should have at most ${SESSION_ID_MAX} characters`,
          ctx: { max_length: SESSION_ID_MAX },
          input: v,
        },
  ];
  throw new HttpError(
    "VALIDATION_ERROR",
    `Invalid request: query.${name}: ${detail[0]?.msg}`,
    detail,
    detail,
  );
}
