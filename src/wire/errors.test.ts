import { describe, expect, it } from "vitest";
import { ERROR_ROUTES, ErrorBody, ErrorCode } from "./errors";

describe("the error taxonomy", () => {
  it("routes every code to an HTTP status, a WS code and a JSON-RPC code", () => {
    expect(Object.keys(ERROR_ROUTES).sort()).toEqual([...ErrorCode.options].sort());
    for (const route of Object.values(ERROR_ROUTES)) {
      expect(route.http).toBeGreaterThanOrEqual(400);
      expect(route.jsonrpc).toBeLessThanOrEqual(-32000);
    }
  });

  it("keeps the statuses and codes clients already rely on", () => {
    expect(ERROR_ROUTES.VALIDATION_ERROR.http).toBe(422);
    expect(ERROR_ROUTES.SESSION_NOT_FOUND.http).toBe(404);
    expect(ERROR_ROUTES.CAPACITY_REACHED).toEqual({ http: 503, ws: "CAPACITY_REACHED", jsonrpc: -32000 });
    expect(ERROR_ROUTES.STORAGE_FULL.http).toBe(507);
    // OpenEnv wraps an environment's own failures as EXECUTION_ERROR.
    expect(ERROR_ROUTES.EPISODE_DONE.ws).toBe("EXECUTION_ERROR");
  });

  it("an error body carries both FastAPI's detail and the project's error object", () => {
    expect(
      ErrorBody.safeParse({ error: { code: "NOT_FOUND", message: "x" }, detail: "Not Found" }).success,
    ).toBe(true);
    expect(ErrorBody.safeParse({ error: { code: "NOPE", message: "x" }, detail: null }).success).toBe(false);
  });
});
