import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Action } from "../../env/action";
import { type LiveBackend, startRealServer } from "../testing/backends";
import { API_VERSION, buildOpenApiDocument } from "./openapi-document";
import { HealthResponse, MetadataResponse, SellersResponse, TasksResponse } from "./route-schemas";

let server: LiveBackend;
beforeAll(async () => {
  server = await startRealServer();
});
afterAll(() => server.close());

const get = (path: string) => fetch(`${server.url}${path}`);
const getJson = async (path: string) => {
  const res = await get(path);
  expect(res.status).toBe(200);
  return (await res.json()) as Record<string, unknown>;
};

function refsIn(value: unknown, out: string[] = []): string[] {
  if (Array.isArray(value)) for (const v of value) refsIn(v, out);
  else if (value !== null && typeof value === "object") {
    for (const [k, v] of Object.entries(value)) {
      if (k === "$ref" && typeof v === "string") out.push(v);
      else refsIn(v, out);
    }
  }
  return out;
}

describe("GET /schema", () => {
  it("returns action, observation and state JSON Schemas generated from the zod models", async () => {
    const body = await getJson("/schema");
    const action = body.action as Record<string, unknown>;
    expect(action).toMatchObject({
      title: "Action",
      type: "object",
      additionalProperties: false,
      required: ["type"],
    });
    expect(Object.keys(action.properties as object).sort()).toEqual(["message", "metadata", "price", "type"]);
    const observation = body.observation as { properties: Record<string, unknown> };
    for (const key of ["reward", "done", "metadata"]) expect(observation.properties).not.toHaveProperty(key);
    expect(observation.properties).toHaveProperty("seller_message");
    expect(body.state).toMatchObject({ type: "object", properties: { episode_id: {}, step_count: {} } });
  });

  it("describes exactly what the Action validator accepts", async () => {
    const action = (await getJson("/schema")).action as { properties: { type: { enum: string[] } } };
    for (const t of action.properties.type.enum) expect(Action.safeParse({ type: t }).success).toBe(true);
    expect(Action.safeParse({ type: "haggle" }).success).toBe(false);
  });
});

describe("GET /openapi.json", () => {
  it("is OpenAPI 3.1 with a string info.version and every route of the server", async () => {
    const doc = await getJson("/openapi.json");
    expect(doc.openapi).toBe("3.1.0");
    expect((doc.info as { version: unknown }).version).toBe(API_VERSION);
    expect(Object.keys(doc.paths as object)).toEqual(
      expect.arrayContaining([
        "/reset",
        "/step",
        "/state",
        "/score",
        "/close",
        "/batch/reset",
        "/batch/step",
        "/tasks",
        "/sellers",
        "/health",
        "/metadata",
        "/schema",
        "/mcp",
        "/ws",
        "/episodes/{id}",
        "/episodes/{id}/counterfactual",
      ]),
    );
  });

  it("resolves every $ref to a component", () => {
    const doc = buildOpenApiDocument("test");
    const names = new Set(Object.keys(doc.components.schemas));
    for (const ref of refsIn(doc)) {
      expect(ref.startsWith("#/components/schemas/")).toBe(true);
      expect(names.has(ref.slice("#/components/schemas/".length))).toBe(true);
    }
  });

  it("documents the keys added to OpenEnv's reset/step results as optional", () => {
    const { schemas } = buildOpenApiDocument("test").components;
    for (const id of ["ResetResponse", "StepResponse"]) {
      const s = schemas[id] as { required: string[]; properties: Record<string, unknown> };
      expect(s.required.sort()).toEqual(["done", "observation", "reward"]);
      expect(Object.keys(s.properties)).toEqual(
        expect.arrayContaining(["session_id", "terminated", "truncated", "info"]),
      );
    }
  });

  it("lists every documented route that the server actually serves", async () => {
    const doc = buildOpenApiDocument("test");
    const probes: [string, string][] = [
      ["get", "/tasks"],
      ["get", "/sellers"],
      ["get", "/health"],
      ["get", "/metadata"],
      ["get", "/schema"],
      ["get", "/docs"],
    ];
    for (const [method, path] of probes) {
      expect(doc.paths[path]).toHaveProperty(method);
      expect((await get(path)).status).toBe(200);
    }
  });
});

describe("documented response shapes match the live server", () => {
  it.each([
    ["/tasks", TasksResponse],
    ["/sellers", SellersResponse],
    ["/health", HealthResponse],
    ["/metadata", MetadataResponse],
  ] as const)("%s", async (path, schema) => {
    expect(schema.safeParse(await getJson(path)).error).toBeUndefined();
  });
});

describe("GET /docs", () => {
  it("is a self-contained HTML page listing every path", async () => {
    const res = await get("/docs");
    expect(res.headers.get("content-type")).toMatch(/text\/html/);
    const html = await res.text();
    for (const path of Object.keys(buildOpenApiDocument("test").paths)) {
      expect(html).toContain(`<code>${path}</code>`);
    }
    expect(html).not.toMatch(/<script|<link|src=|https?:\/\//i);
  });
});

describe("GET /metadata", () => {
  it("has every OpenEnv metadata key, with name and description as strings", async () => {
    const meta = await getJson("/metadata");
    for (const key of ["name", "description", "readme_content", "version", "author", "documentation_url"]) {
      expect(meta).toHaveProperty(key);
    }
    expect(meta.name).toBe("bazaar_batna");
    expect(typeof meta.description).toBe("string");
    expect(typeof meta.version).toBe("string");
  });
});
