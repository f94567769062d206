import { describe, expect, it } from "vitest";
import { STORAGE_FULL_MESSAGE } from "../storage/storage-full";
import { asServiceError, ServiceError } from "./service-error";

describe("ServiceError", () => {
  it("takes its HTTP status, WS code and JSON-RPC code from the taxonomy", () => {
    const e = new ServiceError("CAPACITY_REACHED", "full");
    expect(e.status).toBe(503);
    expect(e.route).toEqual({ http: 503, ws: "CAPACITY_REACHED", jsonrpc: -32000 });
  });

  it("a conflict override changes the HTTP status only", () => {
    const e = new ServiceError("EPISODE_NOT_FOUND", "call reset first", 409);
    expect(e.route).toEqual({ http: 409, ws: "EXECUTION_ERROR", jsonrpc: -32000 });
  });
});

describe("asServiceError", () => {
  it("keeps a ServiceError, reads a full disk as STORAGE_FULL, and leaves anything else to the caller", () => {
    const known = new ServiceError("EPISODE_DONE", "over");
    expect(asServiceError(known)).toBe(known);
    const full = asServiceError(Object.assign(new Error("disk"), { code: "SQLITE_FULL" }));
    expect(full).toMatchObject({ code: "STORAGE_FULL", status: 507, message: STORAGE_FULL_MESSAGE });
    expect(asServiceError(new Error("boom"))).toBeNull();
    expect(asServiceError("boom")).toBeNull();
  });
});
