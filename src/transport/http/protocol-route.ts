import type { Context, Hono } from "hono";
import type { OperationSpec } from "../../wire/operation";
import { HttpError, renderError } from "./http-errors";
import { requireJsonContentType } from "./json-content-type";
import { readBodyText } from "./read-body";
import { documented } from "./route-docs";

/** Body limit when the caller names none (the server passes its configured one). */
const DEFAULT_BODY_LIMIT = 64 * 1024;

export interface ProtocolRoute {
  path: string;
  /**
   * Answers a POST whose JSON text the protocol reads itself (JSON-RPC at /mcp): the body
   * arrives checked for size and content type, the answer is the protocol's own Response.
   * Injected by the composition root, so this transport never imports the protocol's.
   */
  answer(text: string, request: Request): Promise<Response>;
  /** The POST's entry in /openapi.json. */
  post: OperationSpec;
  /** Methods answered 405 (Allow: POST), with their entry in /openapi.json. */
  refused?: { methods: string[]; message: string; doc: OperationSpec };
}

/**
 * A POST route for a protocol with its own envelope: what the protocol can express is its
 * business; what it cannot — a body over the limit (413), not JSON by its content-type (415) —
 * gets the server's HTTP error, as on every other JSON route.
 */
export function registerProtocolRoute(
  app: Hono,
  route: ProtocolRoute,
  limitBytes = DEFAULT_BODY_LIMIT,
): void {
  app.post(route.path, documented(route.post), async (c) => {
    let text: string;
    try {
      requireJsonContentType(c);
      text = await readBodyText(c, limitBytes);
    } catch (e) {
      if (e instanceof HttpError) return renderError(c, e);
      throw e;
    }
    return route.answer(text, c.req.raw);
  });
  const refused = route.refused;
  if (refused === undefined) return;
  app.on(refused.methods, route.path, documented(refused.doc), (c: Context) =>
    renderError(
      c,
      new HttpError("METHOD_NOT_ALLOWED", refused.message, refused.message, undefined, { Allow: "POST" }),
    ),
  );
}
