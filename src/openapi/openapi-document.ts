import type { Hono } from "hono";
import { generateSpecs } from "hono-openapi";
import { AGENT_TOKEN_HEADER } from "../wire/exchange";
import { AGENT_TOKEN_SCHEME, operationObject } from "../wire/operation";
import { componentSchemas } from "../wire/operation-components";

/** The API version `openenv validate` reads; "1." selects its openenv-http/1.x profile. */
export const API_VERSION = "1.0.0";

type Json = Record<string, unknown>;

export interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string; description: string };
  paths: Record<string, Record<string, Json>>;
  components: { schemas: Record<string, Json>; securitySchemes: Record<string, Json> };
  tags: { name: string; description: string }[];
}

const TAGS = [
  { name: "episode", description: "Stateful episode API (OpenEnv shapes plus explicit sessions)" },
  { name: "batch", description: "Vectorised reset and step" },
  { name: "catalog", description: "Tasks and sellers" },
  { name: "replay", description: "Stored episodes" },
  { name: "tells", description: "The verbal cues in seller messages" },
  { name: "openenv", description: "OpenEnv conventions: health, metadata, schema, MCP, WebSocket" },
  { name: "exchange", description: "The live exchange: agents, markets, the ledger and the public tape" },
  { name: "web", description: "The browser UI's pages (HTML, not API)" },
];

/** The WebSocket is served by the node server's upgrade handler, not a route of the app. */
const WS_PATH = {
  get: {
    operationId: "getWs",
    ...operationObject({
      tag: "openenv",
      summary: "OpenEnv WebSocket",
      description:
        'Upgrade to a WebSocket speaking OpenEnv frames: send `{"type":"reset","data":{...}}`, `{"type":"step","data":<action>}`, `{"type":"state"}`, `{"type":"close"}` or `{"type":"mcp","data":<JSON-RPC>}`; replies are `observation`, `state`, `mcp` or `error` frames. One session per connection; at capacity the upgrade is accepted, then a CAPACITY_REACHED frame is sent and the socket closed. Browsers may pass the API key as `?api_key=`.',
      guard: "read",
      ok: { description: "Switching protocols", status: 101 },
      errors: [403],
    }),
  },
};

/** The exchange's agents name themselves by the token POST /agents gave them (docs/exchange.md). */
const SECURITY_SCHEMES = {
  [AGENT_TOKEN_SCHEME]: {
    type: "apiKey",
    in: "header",
    name: AGENT_TOKEN_HEADER,
    description: "The token POST /agents returned (shown once). Unknown or revoked: 401 UNAUTHORIZED.",
  },
};

/** The exchange's agent WebSocket, also an upgrade handler (src/transport/ws/exchange-ws.ts). */
const AGENTS_WS_PATH = {
  get: {
    operationId: "getAgentsWs",
    ...operationObject({
      tag: "exchange",
      summary: "Agent WebSocket",
      description:
        'Upgrade with the agent\'s `X-Agent-Token` (401 without a valid one). Send `{"type":"act","id":n,"data":<AgentCommand>}`, `{"type":"view","id":n,"market_id":…}`, `{"type":"tape","after":n}` or `{"type":"inbox","after":n}` (ExchangeClientFrame); the server answers `result`, `view` or `error` frames and pushes `inbox` and `tape` frames (ExchangeServerFrame). A connection too far behind on its pushes is closed (1013) and reconnects from its cursors.',
      guard: "read",
      agentToken: "required",
      ok: { description: "Switching protocols", status: 101 },
      errors: [403],
    }),
  },
};

/** Whether the app carries the exchange (startServer mounts it; bare test apps may not). */
const hasExchange = (app: Hono) => app.routes.some((r) => r.path === "/agents");

/**
 * OpenAPI 3.1 for the server, read off the app's registered routes (hono-openapi): each
 * route carries its own description (src/openapi/operation.ts), so the document lists exactly
 * the routes that exist, with the zod schemas they validate and answer with as components.
 */
export async function buildOpenApiDocument(app: Hono, serverVersion: string): Promise<OpenApiDocument> {
  const spec = await generateSpecs(app, {
    documentation: {
      info: {
        title: "BazaarBATNA",
        version: API_VERSION,
        description: `Buyer-vs-seller bargaining environment, OpenEnv-compatible, with explicit sessions (server ${serverVersion}). Every field added to OpenEnv's shapes is optional for clients to read.`,
      },
      tags: TAGS,
      paths: { "/ws": WS_PATH, ...(hasExchange(app) ? { "/agents/ws": AGENTS_WS_PATH } : {}) } as never,
    },
    // /openapi.json and /favicon.ico are routes like any other, not static files to leave out.
    excludeStaticFile: false,
  });
  // Components last: every route has registered its schemas by the time the document is asked for.
  return {
    ...spec,
    components: { schemas: componentSchemas(), securitySchemes: SECURITY_SCHEMES },
  } as unknown as OpenApiDocument;
}

const built = new WeakMap<Hono, Promise<OpenApiDocument>>();

/** The app's document, built once on first use (every route is registered by then) and kept. */
export function openApiDocumentFor(app: Hono, serverVersion: string): Promise<OpenApiDocument> {
  let doc = built.get(app);
  if (doc === undefined) {
    doc = buildOpenApiDocument(app, serverVersion);
    built.set(app, doc);
  }
  return doc;
}
