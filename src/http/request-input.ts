import type { Context } from "hono";
import type { z } from "zod";
import { HttpError } from "./http-errors";
import { type LocRoot, validationDetail } from "./validation-detail";

export function tooLarge(limitBytes: number): HttpError {
  const msg = `Request body exceeds the ${Math.round(limitBytes / 1024)} KiB limit.`;
  return new HttpError(413, "PAYLOAD_TOO_LARGE", msg, msg, { limit_bytes: limitBytes });
}

/** Parse a JSON body. An empty body reads as `{}` where the route allows it (OpenEnv's /reset does). */
export async function readJson(c: Context, limitBytes: number, emptyAs?: unknown): Promise<unknown> {
  const text = await c.req.text();
  if (text.length > limitBytes && Buffer.byteLength(text) > limitBytes) throw tooLarge(limitBytes);
  if (text.trim() === "" && emptyAs !== undefined) return emptyAs;
  try {
    return JSON.parse(text);
  } catch (err) {
    const msg = `Body is not valid JSON: ${err instanceof Error ? err.message : "parse error"}`;
    const detail = [
      { type: "json_invalid", loc: ["body", 0], msg: "JSON decode error", input: {}, ctx: { error: msg } },
    ];
    throw new HttpError(422, "INVALID_JSON", msg, detail, detail);
  }
}

export function validate<S extends z.ZodType>(schema: S, data: unknown, root: LocRoot = "body"): z.infer<S> {
  const parsed = schema.safeParse(data);
  if (parsed.success) return parsed.data;
  const detail = validationDetail(root, parsed.error, data);
  const first = detail[0];
  const where = first ? first.loc.join(".") : root;
  throw new HttpError(
    422,
    "VALIDATION_ERROR",
    `Invalid request: ${where}: ${first?.msg ?? "invalid"}`,
    detail,
    detail,
  );
}

/** A required query parameter, with the same 422 shape as a missing body field. */
export function requireQuery(c: Context, name: string, hint: string): string {
  const v = c.req.query(name);
  if (v !== undefined && v.length > 0 && v.length <= 128) return v;
  const detail = [
    v === undefined || v.length === 0
      ? { type: "missing", loc: ["query", name], msg: `Field required: ${hint}`, input: null }
      : {
          type: "string_too_long",
          loc: ["query", name],
          msg: "String should have at most 128 characters",
          input: v,
        },
  ];
  throw new HttpError(
    422,
    "VALIDATION_ERROR",
    `Invalid request: query.${name}: ${detail[0]?.msg}`,
    detail,
    detail,
  );
}
