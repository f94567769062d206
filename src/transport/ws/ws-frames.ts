import { z } from "zod";
import type { WsErrorCode } from "../../wire/errors";
import { exceedsJsonDepth, MAX_JSON_DEPTH } from "../../wire/json-depth";
import { type PydanticError, toPydanticErrors } from "../../wire/pydantic-errors";

export type { WsErrorCode };

export interface WsErrorFrame {
  type: "error";
  data: { message: string; code: WsErrorCode; [extra: string]: unknown };
}

const JsonObject = z.record(z.string(), z.unknown());

// Every frame model forbids extra keys, as upstream's pydantic frame models do.
const FRAME_MODELS = {
  reset: z.strictObject({ type: z.literal("reset"), data: JsonObject.optional() }),
  step: z.strictObject({ type: z.literal("step"), data: JsonObject }),
  state: z.strictObject({ type: z.literal("state") }),
  close: z.strictObject({ type: z.literal("close") }),
  mcp: z.strictObject({ type: z.literal("mcp"), data: JsonObject }),
} as const;

export type ClientFrame =
  | { type: "reset"; data: Record<string, unknown> }
  | { type: "step"; data: Record<string, unknown> }
  | { type: "state" }
  | { type: "close" }
  | { type: "mcp"; data: Record<string, unknown> };

/** A rejected frame; `fatal` means the connection closes after the error frame. */
export interface FrameRejection {
  type: "rejected";
  frame: WsErrorFrame;
  fatal: boolean;
}

export const errorFrame = (
  code: WsErrorCode,
  message: string,
  extras: Record<string, unknown> = {},
): WsErrorFrame => ({
  type: "error",
  data: { message, code, ...extras },
});

export const validationFrame = (errors: PydanticError[]): WsErrorFrame =>
  errorFrame("VALIDATION_ERROR", "Invalid message", { errors });

const isFrameType = (t: unknown): t is keyof typeof FRAME_MODELS =>
  typeof t === "string" && Object.hasOwn(FRAME_MODELS, t);

/**
 * The per-step hot path: exactly `{type: "step", data: {...}}` is what the step frame model
 * accepts unchanged, so it skips that model (the action itself is still validated by the caller).
 * Anything else, including every malformed step frame, goes through the model for its errors.
 */
function wellFormedStep(value: Record<string, unknown>): ClientFrame | null {
  if (value.type !== "step") return null;
  let keys = 0;
  for (const k of Object.keys(value)) {
    if (k !== "type" && k !== "data") return null;
    keys++;
  }
  const data = value.data;
  if (keys !== 2 || data === null || typeof data !== "object" || Array.isArray(data)) return null;
  // The model rebuilds the record, which turns an own "__proto__" key into a prototype; leave
  // such payloads to it so both paths hand the same data on.
  if (Object.hasOwn(data, "__proto__")) return null;
  return { type: "step", data: data as Record<string, unknown> };
}

/** Classify one incoming WS message exactly as OpenEnv's server loop does. */
export function parseClientFrame(raw: string | null): ClientFrame | FrameRejection {
  if (raw === null) {
    return {
      type: "rejected",
      frame: errorFrame("SESSION_ERROR", "Binary frames are not supported; send JSON text frames."),
      fatal: true,
    };
  }
  if (exceedsJsonDepth(raw)) {
    return {
      type: "rejected",
      frame: errorFrame("INVALID_JSON", `Invalid JSON: nested deeper than ${MAX_JSON_DEPTH} levels`),
      fatal: false,
    };
  }
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch (e) {
    return {
      type: "rejected",
      frame: errorFrame("INVALID_JSON", `Invalid JSON: ${(e as Error).message}`),
      fatal: false,
    };
  }
  if (value === null || typeof value !== "object" || Array.isArray(value)) {
    return {
      type: "rejected",
      frame: errorFrame("SESSION_ERROR", "A frame must be a JSON object with a 'type' key."),
      fatal: true,
    };
  }
  const fast = wellFormedStep(value as Record<string, unknown>);
  if (fast !== null) return fast;
  const t = (value as Record<string, unknown>).type;
  if (!isFrameType(t)) {
    const shown = t === undefined ? "None" : typeof t === "string" ? t : JSON.stringify(t);
    return {
      type: "rejected",
      frame: errorFrame("UNKNOWN_TYPE", `Unknown message type: ${shown}`),
      fatal: false,
    };
  }
  const parsed = FRAME_MODELS[t].safeParse(value);
  if (!parsed.success) {
    return { type: "rejected", frame: validationFrame(toPydanticErrors(parsed.error, value)), fatal: false };
  }
  const frame = parsed.data;
  if (frame.type === "reset") return { type: "reset", data: frame.data ?? {} };
  return frame;
}
