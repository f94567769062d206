import type { Hono } from "hono";
import type { SessionService } from "../sessions/session-service";
import { documented } from "../transport/http/route-docs";
import { registerDocsRoutes } from "./docs-route";
import { EnvSchemasResponse, envJsonSchemas } from "./env-schemas";
import { buildMetadata, MetadataResponse } from "./metadata";
import { API_VERSION, openApiDocumentFor } from "./openapi-document";

export interface OpenApiRouteDeps {
  service: SessionService;
  /** The server's release (package.json version); the API version in the document is fixed. */
  version: string;
}

/**
 * GET /schema, /openapi.json, /metadata and /docs. The document is built on first request, when
 * every route of `app` is registered, and kept.
 */
export function registerOpenApiRoutes(app: Hono, deps: OpenApiRouteDeps): void {
  const metadata = buildMetadata(deps.version);
  app.get(
    "/schema",
    documented({
      tag: "openenv",
      summary: "Action, observation and state JSON Schemas",
      description: "Generated from the same zod schemas that validate requests.",
      guard: "read",
      ok: { description: "Schemas", schema: ["EnvSchemasResponse", EnvSchemasResponse] },
    }),
    (c) => c.json(envJsonSchemas()),
  );
  app.get(
    "/openapi.json",
    documented({
      tag: "openenv",
      summary: "This document",
      description: "OpenAPI 3.1, read off the server's own routes; schemas from the zod wire contract.",
      guard: "read",
      ok: { description: "OpenAPI document" },
    }),
    async (c) => c.json(await openApiDocumentFor(app, deps.version)),
  );
  app.get(
    "/metadata",
    documented({
      tag: "openenv",
      summary: "Environment metadata",
      description: "Name, description, README, version, author and documentation URL; every key is present.",
      guard: "read",
      ok: { description: "Metadata", schema: ["MetadataResponse", MetadataResponse] },
    }),
    (c) => c.json({ ...metadata, max_sessions: deps.service.capacity().max_sessions }),
  );
  registerDocsRoutes(app, deps.version, API_VERSION);
}
