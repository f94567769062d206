import type { Hono } from "hono";
import { uniqueSymbol } from "hono-openapi";
import { beforeAll, describe, expect, it } from "vitest";
import { type OpenApiDocument, openApiDocumentFor } from "../../openapi/openapi-document";
import { createSessionService } from "../../sessions/engine-session-service";
import { EpisodeStore } from "../../storage/episode-store";
import { openDatabase } from "../../storage/open-database";
import { createServerApp } from "../server";

/**
 * A route cannot exist undocumented: the production app's own route table is walked, and
 * every route must carry its description and appear in /openapi.json with each status it
 * answers to plainly bad requests.
 */
let app: Hono;
let doc: OpenApiDocument;
beforeAll(async () => {
  const store = new EpisodeStore(openDatabase(":memory:"));
  const service = createSessionService({ store, maxSessions: 8, sessionTtlS: 60 });
  app = createServerApp({ service, store, version: "test", bodyLimitKb: 64, corsOrigins: [] });
  doc = await openApiDocumentFor(app, "test");
});

const toOpenApiPath = (path: string) => path.replace(/:([A-Za-z_]\w*)/g, "{$1}");
/** Hono lists middleware (`app.use`) as method ALL; only the routes themselves count. */
const routes = () => app.routes.filter((r) => r.method !== "ALL");
const described = (method: string, path: string) =>
  app.routes.some((r) => r.method === method && r.path === path && uniqueSymbol in r.handler);

describe("the route table and /openapi.json", () => {
  it("gives every registered route a description", () => {
    const missing = routes()
      .filter((r) => !described(r.method, r.path))
      .map((r) => `${r.method} ${r.path}`);
    expect(missing).toEqual([]);
    expect(routes().length).toBeGreaterThan(25);
  });

  it("lists every route in the document, and nothing the app does not serve (but /ws)", () => {
    // A wildcard (/web/*, the pages' files) has no OpenAPI spelling; its description is checked above.
    const expected = routes()
      .filter((r) => !r.path.includes("*"))
      .map((r) => `${r.method.toLowerCase()} ${toOpenApiPath(r.path)}`);
    const listed = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.keys(ops).map((method) => `${method} ${path}`),
    );
    expect(new Set(listed)).toEqual(new Set([...expected, "get /ws"]));
  });

  it("would notice a route added without a description", () => {
    app.get("/undocumented-probe", (c) => c.text("x"));
    try {
      expect(described("GET", "/undocumented-probe")).toBe(false);
    } finally {
      app.routes.pop();
    }
  });

  it("documents the status each route gives to plainly bad requests", async () => {
    const undocumented: string[] = [];
    for (const [path, ops] of Object.entries(doc.paths)) {
      if (path === "/ws") continue;
      const url = `http://localhost${path.replace(/\{[^}]+\}/g, "nope")}`;
      for (const [method, op] of Object.entries(ops)) {
        const documentedStatuses = Object.keys((op as { responses: object }).responses);
        const tries: RequestInit[] =
          method === "post"
            ? [
                { body: "{}", headers: { "content-type": "application/json" } },
                { body: "{", headers: { "content-type": "application/json" } },
                { body: "x=1", headers: { "content-type": "application/x-www-form-urlencoded" } },
              ]
            : [{}];
        for (const init of tries) {
          const res = await app.request(url, { method: method.toUpperCase(), ...init });
          if (!documentedStatuses.includes(String(res.status))) {
            undocumented.push(`${method.toUpperCase()} ${path} ${init.body ?? ""} → ${res.status}`);
          }
        }
      }
    }
    expect(undocumented).toEqual([]);
  });
});
