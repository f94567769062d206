import type { Env, Hono } from "hono";
import { HttpError, renderError } from "./http-errors";
import { requireJsonContentType } from "./json-content-type";
import { readBodyText } from "./read-body";

/** Body limit when the caller names none (the server passes its configured one). */
const DEFAULT_BODY_LIMIT = 64 * 1024;

/**
 * A POST route whose protocol reads the JSON text itself (JSON-RPC at /mcp): status 200 for
 * everything that protocol can express. What it cannot — a body over the limit (413) or not
 * JSON at all by its content-type (415) — gets the server's HTTP error, as on every other JSON
 * route. The answer is injected, so this transport never imports the protocol's.
 */
export function registerTextRoute<E extends Env>(
  app: Hono<E>,
  path: string,
  answer: (text: string) => Promise<unknown>,
  limitBytes: number = DEFAULT_BODY_LIMIT,
): void {
  app.post(path, async (c) => {
    let text: string;
    try {
      requireJsonContentType(c);
      text = await readBodyText(c, limitBytes);
    } catch (e) {
      if (e instanceof HttpError) return renderError(c, e);
      throw e;
    }
    return c.json(await answer(text), 200);
  });
}
