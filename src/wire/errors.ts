import { z } from "zod";

export const ErrorCode = z.enum([
  "VALIDATION_ERROR",
  "INVALID_JSON",
  "UNKNOWN_TASK",
  "UNKNOWN_SELLER",
  "UNKNOWN_BUYER",
  "SESSION_NOT_FOUND",
  "EPISODE_NOT_FOUND",
  "EPISODE_DONE",
  "EPISODE_NOT_OVER",
  "EPISODE_ID_TAKEN",
  "PAYLOAD_TOO_LARGE",
  "CAPACITY_REACHED",
  "RATE_LIMITED",
  "NOT_FOUND",
  "INTERNAL_ERROR",
  // Hostile traffic and access control (docs/access-control.md).
  "UNSUPPORTED_MEDIA_TYPE",
  "NESTING_TOO_DEEP",
  "FORBIDDEN_ORIGIN",
  "UNAUTHORIZED",
  "STORAGE_FULL",
]);
export type ErrorCode = z.infer<typeof ErrorCode>;

/**
 * Every error body carries the project's `error` object and FastAPI's `detail`, so both kinds
 * of client can read it (OPENENV §2.4).
 */
export const ErrorBody = z.object({
  error: z.object({ code: ErrorCode, message: z.string(), details: z.unknown().optional() }),
  detail: z.unknown(),
});
export type ErrorBody = z.infer<typeof ErrorBody>;
