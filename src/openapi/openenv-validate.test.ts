import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type LiveBackend, startRealServer } from "../testing/backends";

/**
 * The six runtime criteria of `openenv validate --url` (OPENENV §3), checked the way its
 * validator checks them, against the production server.
 */
let server: LiveBackend;
beforeAll(async () => {
  server = await startRealServer();
});
afterAll(() => server.close());

const isObject = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === "object" && !Array.isArray(v);

async function json(path: string, init?: RequestInit): Promise<{ status: number; body: unknown }> {
  const res = await fetch(`${server.url}${path}`, init);
  return { status: res.status, body: await res.json() };
}

describe("openenv validate --url criteria", () => {
  it("openapi_version_available: info.version is a 1.x string", async () => {
    const { status, body } = await json("/openapi.json");
    expect(status).toBe(200);
    expect(isObject(body) && isObject(body.info)).toBe(true);
    const version = (body as { info: { version: unknown } }).info.version;
    expect(typeof version).toBe("string");
    expect(String(version).startsWith("1.")).toBe(true);
  });

  it("health_endpoint: status is healthy", async () => {
    const { status, body } = await json("/health");
    expect(status).toBe(200);
    expect((body as { status: unknown }).status).toBe("healthy");
  });

  it("metadata_endpoint: name and description are strings", async () => {
    const { status, body } = await json("/metadata");
    expect(status).toBe(200);
    expect(typeof (body as { name: unknown }).name).toBe("string");
    expect(typeof (body as { description: unknown }).description).toBe("string");
  });

  it("schema_endpoint: action, observation and state are objects", async () => {
    const { status, body } = await json("/schema");
    expect(status).toBe(200);
    for (const key of ["action", "observation", "state"]) {
      expect(isObject((body as Record<string, unknown>)[key])).toBe(true);
    }
  });

  it("mcp_endpoint: POST {} answers 200 with jsonrpc 2.0", async () => {
    const { status, body } = await json("/mcp", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{}",
    });
    expect(status).toBe(200);
    expect((body as { jsonrpc: unknown }).jsonrpc).toBe("2.0");
  });

  it("mode_endpoint_consistency: simulation mode has /reset, /step and /state literally", async () => {
    const { body } = await json("/openapi.json");
    const paths = Object.keys((body as { paths: object }).paths);
    expect(paths.length).toBeGreaterThan(0);
    expect(paths).toContain("/reset");
    expect(paths).toContain("/step");
    expect(paths).toContain("/state");
  });
});
