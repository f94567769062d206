import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Hono } from "hono";
import { uniqueSymbol } from "hono-openapi";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ExchangeShell, openExchange } from "../../exchange/exchange-shell";
import { type OpenApiDocument, openApiDocumentFor } from "../../openapi/openapi-document";
import { createSessionService } from "../../sessions/engine-session-service";
import { EpisodeStore } from "../../storage/episode-store";
import { openDatabase } from "../../storage/open-database";
import { AGENT_TOKEN_HEADER } from "../../wire/exchange";
import { createServerApp, exchangeMount } from "../server";

/**
 * A route cannot exist undocumented: the production app's own route table is walked, and
 * every route must carry its description and appear in /openapi.json with each status it
 * answers to plainly bad requests.
 */
let app: Hono;
let doc: OpenApiDocument;
let dir: string;
let store: EpisodeStore;
let exchange: ExchangeShell;
/** A registered agent's token: the exchange's routes answer their own errors only past it. */
let token: string;
beforeAll(async () => {
  // The exchange mount, as startServer mounts it, on a real SQLite file.
  dir = mkdtempSync(join(tmpdir(), "route-docs-"));
  store = new EpisodeStore(openDatabase(join(dir, "db.sqlite")));
  exchange = openExchange(store.db);
  const service = createSessionService({ store, maxSessions: 8, sessionTtlS: 60 });
  app = createServerApp({ service, store, version: "test", bodyLimitKb: 64, corsOrigins: [] }, [
    exchangeMount(exchange),
  ]);
  doc = await openApiDocumentFor(app, "test");
  // Straight from the registry: a request now would freeze the router before the probe below.
  token = exchange.registry.register("probe").token;
});
afterAll(async () => {
  await exchange.stop();
  store.close();
  rmSync(dir, { recursive: true, force: true });
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

  it("lists every route in the document, and nothing the app does not serve (but the WebSockets)", () => {
    // A wildcard (/web/*, the pages' files) has no OpenAPI spelling; its description is checked above.
    const expected = routes()
      .filter((r) => !r.path.includes("*"))
      .map((r) => `${r.method.toLowerCase()} ${toOpenApiPath(r.path)}`);
    const listed = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.keys(ops).map((method) => `${method} ${path}`),
    );
    expect(new Set(listed)).toEqual(new Set([...expected, "get /ws", "get /agents/ws"]));
  });

  it("declares the exchange's agent token, and the tape as an event stream", () => {
    expect(doc.components.securitySchemes.AgentToken).toMatchObject({
      type: "apiKey",
      in: "header",
      name: AGENT_TOKEN_HEADER,
    });
    const op = (path: string, method: string) => doc.paths[path]?.[method] as Record<string, unknown>;
    expect(op("/markets/act", "post").security).toEqual([{ AgentToken: [] }]);
    expect(op("/markets/{id}", "get").security).toEqual([{}, { AgentToken: [] }]);
    expect(op("/markets", "get").security).toBeUndefined();
    expect(op("/markets/stream", "get").responses).toMatchObject({
      200: { content: { "text/event-stream": { schema: { $ref: "#/components/schemas/TapeItem" } } } },
    });
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
    const ops = Object.entries(doc.paths)
      .filter(([path]) => !path.endsWith("/ws"))
      .flatMap(([path, byMethod]) => Object.entries(byMethod).map(([method, op]) => ({ path, method, op })))
      // DELETE last: DELETE /agents/me revokes the probe's agent token.
      .sort((a, b) => Number(a.method === "delete") - Number(b.method === "delete"));
    for (const { path, method, op } of ops) {
      const url = `http://localhost${path.replace(/\{[^}]+\}/g, "nope")}`;
      const documentedStatuses = Object.keys((op as { responses: object }).responses);
      const tries: (RequestInit & { query?: string })[] =
        method === "post"
          ? [
              { body: "{}", headers: { "content-type": "application/json" } },
              { body: "{", headers: { "content-type": "application/json" } },
              { body: "x=1", headers: { "content-type": "application/x-www-form-urlencoded" } },
            ]
          : // Out-of-range query values (the inbox's long-poll, the tape's cursor) as well.
            [{}, { query: "?after=x&wait=99&limit=0" }];
      // Each try without and with an agent token: the exchange answers its own errors past it.
      for (const agent of [false, true])
        for (const { query = "", ...init } of tries) {
          const headers = { ...(init.headers as Record<string, string>) };
          if (agent) headers[AGENT_TOKEN_HEADER] = token;
          const res = await app.request(url + query, { method: method.toUpperCase(), ...init, headers });
          // A stream (the tape) stays open: its status is what counts here.
          await res.body?.cancel();
          if (!documentedStatuses.includes(String(res.status))) {
            const who = agent ? " (agent)" : "";
            undocumented.push(
              `${method.toUpperCase()} ${path}${query}${who} ${init.body ?? ""} → ${res.status}`,
            );
          }
        }
    }
    expect(undocumented).toEqual([]);
  });
});
