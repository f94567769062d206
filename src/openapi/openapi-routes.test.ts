import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Action } from "../../env/action";
import { type LiveBackend, startRealServer } from "../testing/backends";
import { HealthResponse, SellersResponse, TasksResponse } from "../wire/catalog";
import { MetadataResponse } from "./metadata";
import { API_VERSION, type OpenApiDocument } from "./openapi-document";

let server: LiveBackend;
let doc: OpenApiDocument;
beforeAll(async () => {
  server = await startRealServer();
  doc = (await getJson("/openapi.json")) as unknown as OpenApiDocument;
});
afterAll(() => server.close());

const get = (path: string) => fetch(`${server.url}${path}`);
async function getJson(path: string): Promise<Record<string, unknown>> {
  const res = await get(path);
  expect(res.status).toBe(200);
  return (await res.json()) as Record<string, unknown>;
}

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
  it("is OpenAPI 3.1 with a string info.version and the server's routes", () => {
    expect(doc.openapi).toBe("3.1.0");
    expect(doc.info.version).toBe(API_VERSION);
    expect(Object.keys(doc.paths)).toEqual(
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
        "/highlight",
        "/mcp",
        "/ws",
        "/episodes",
        "/episodes/{id}",
        "/episodes/{id}/counterfactual",
        "/agents",
        "/agents/me",
        "/agents/me/inbox",
        "/agents/mcp",
        "/agents/ws",
        "/markets",
        "/markets/stream",
        "/markets/{id}",
        "/ledger/pnl",
      ]),
    );
  });

  it("names only declared security schemes", () => {
    const declared = new Set(Object.keys(doc.components.securitySchemes));
    const used = Object.values(doc.paths).flatMap((ops) =>
      Object.values(ops).flatMap((op) =>
        ((op.security ?? []) as object[]).flatMap((req) => Object.keys(req)),
      ),
    );
    expect(used.length).toBeGreaterThan(0);
    for (const name of used) expect(declared.has(name)).toBe(true);
  });

  it("resolves every $ref to a component", () => {
    const names = new Set(Object.keys(doc.components.schemas));
    const refs = refsIn(doc);
    expect(refs.length).toBeGreaterThan(20);
    for (const ref of refs) {
      expect(ref.startsWith("#/components/schemas/")).toBe(true);
      expect(names.has(ref.slice("#/components/schemas/".length))).toBe(true);
    }
  });

  it("documents the keys added to OpenEnv's reset/step results as optional", () => {
    for (const id of ["ResetResponse", "StepResponse"]) {
      const s = doc.components.schemas[id] as { required: string[]; properties: Record<string, unknown> };
      expect([...s.required].sort()).toEqual(["done", "observation", "reward"]);
      expect(Object.keys(s.properties)).toEqual(
        expect.arrayContaining(["session_id", "terminated", "truncated", "info"]),
      );
    }
  });

  it("names the path parameter of /episodes/{id}", () => {
    const op = doc.paths["/episodes/{id}"]?.get as { parameters: { name: string; in: string }[] };
    expect(op.parameters).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: "id", in: "path" })]),
    );
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
  it("is Scalar on this origin under the site header, with the document embedded", async () => {
    const res = await get("/docs");
    expect(res.headers.get("content-type")).toMatch(/text\/html/);
    const html = await res.text();
    const header = /<header class="site">([\s\S]*?)<\/header>/.exec(html)?.[1] ?? "";
    expect(header).toContain('<a href="/web/">Haggle</a>');
    expect(header).toContain('<a href="/web/replay">Replays</a>');
    expect(header).toMatch(/API contract 1\.\d+\.\d+ · server release \d/);
    // Nothing from another origin; the icon is inline, so no /favicon.ico request either.
    expect(html).not.toMatch(/(src|href)="(https?:)?\/\//);
    expect(html).toMatch(/<link rel="icon" href="data:image\/svg\+xml,/);
    const embedded = /<script id="openapi-document" type="application\/json">([\s\S]*?)<\/script>/.exec(
      html,
    )?.[1];
    expect(JSON.parse(embedded ?? "null")).toEqual(doc);
  });

  it("serves the Scalar bundle and the page's own files from this origin", async () => {
    const html = await (await get("/docs")).text();
    const scripts = [...html.matchAll(/<script src="([^"]+)"/g)].map((m) => m[1] as string);
    expect(scripts).toEqual([expect.stringMatching(/^\/docs\/scalar-\d+\.\d+\.\d+\.js$/), "/web/docs.js"]);
    for (const path of [...scripts, "/web/docs.css"]) {
      const res = await get(path);
      expect(res.status, path).toBe(200);
      expect((await res.text()).length, path).toBeGreaterThan(100);
    }
    const bundle = await get(scripts[0] as string);
    expect(bundle.headers.get("cache-control")).toContain("immutable");
    expect(await bundle.text()).toContain("createApiReference");
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
