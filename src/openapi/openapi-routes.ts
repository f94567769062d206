import type { Env, Hono } from "hono";
import type { SessionService } from "../sessions/session-service";
import { policyWithInlineStyle, securityHeaders } from "../transport/http/security-headers";
import { DOCS_STYLE, renderDocsHtml } from "./docs-html";
import { envJsonSchemas } from "./env-schemas";
import { buildMetadata } from "./metadata";
import { buildOpenApiDocument } from "./openapi-document";

export interface OpenApiRouteDeps {
  service: SessionService;
  /** The server's release (package.json version); the API version in the document is fixed. */
  version: string;
}

/** GET /schema, /openapi.json, /docs and /metadata. Documents are built once, at registration. */
export function registerOpenApiRoutes<E extends Env>(app: Hono<E>, deps: OpenApiRouteDeps): void {
  const doc = buildOpenApiDocument(deps.version);
  const docsHtml = renderDocsHtml(doc, deps.version);
  const metadata = buildMetadata(deps.version);
  app.get("/schema", (c) => c.json(envJsonSchemas()));
  app.get("/openapi.json", (c) => c.json(doc));
  const docsPolicy = policyWithInlineStyle(DOCS_STYLE);
  app.get("/docs", (c) => {
    securityHeaders(c, docsPolicy);
    return c.html(docsHtml);
  });
  app.get("/metadata", (c) => c.json({ ...metadata, max_sessions: deps.service.capacity().max_sessions }));
}
