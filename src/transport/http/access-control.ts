import type { IncomingMessage } from "node:http";
import type { Context, MiddlewareHandler } from "hono";
import type { UpgradeAdmission } from "../../wire/admission";
import { BatchResetRequest } from "../../wire/batch";
import { exceedsJsonDepth } from "../../wire/json-depth";
import { type ApiKeys, bearerKey } from "./api-keys";
import { batchResetItems } from "./batch-reset-items";
import { errorBody, HttpError } from "./http-errors";
import type { KeyLedger } from "./key-ledger";
import { readBodyText } from "./read-body";
import type { StreamTickets } from "./stream-tickets";
import type { TokenBuckets } from "./token-bucket";

/** API keys with their per-key caps; absent when the server runs open (the default). */
export interface AccessControl {
  keys: ApiKeys;
  rate: TokenBuckets;
  ledger: KeyLedger;
  /** Read-only tickets that open the public tape stream in place of a key (EventSource). */
  tickets?: StreamTickets;
}

/** Readable without a key: the health and readiness probes (load balancers carry no key), the browser UI's pages and assets, the docs page. */
function isOpen(method: string, path: string): boolean {
  if (method !== "GET" && method !== "HEAD") return false;
  return (
    path === "/health" ||
    path === "/ready" ||
    path === "/ready/exchange" ||
    path === "/" ||
    path === "/docs" ||
    path.startsWith("/docs/") ||
    path === "/web" ||
    path.startsWith("/web/")
  );
}

function unauthorized(presented: boolean): HttpError {
  const msg = presented
    ? "The API key is not valid. Send Authorization: Bearer <key>."
    : "This server needs an API key: send Authorization: Bearer <key>.";
  const challenge = presented ? 'Bearer realm="bazaar", error="invalid_token"' : 'Bearer realm="bazaar"';
  return new HttpError("UNAUTHORIZED", msg, msg, undefined, { "WWW-Authenticate": challenge });
}

function rateLimited(retryAfterS: number): HttpError {
  const msg = `Too many requests for this API key; retry in ${retryAfterS} s.`;
  return new HttpError(
    "RATE_LIMITED",
    msg,
    msg,
    { retry_after_s: retryAfterS },
    {
      "Retry-After": String(retryAfterS),
    },
  );
}

/** Seconds a key at its session cap is told to wait: about how long a trainer takes to close one. */
const SESSION_CAP_RETRY_S = 5;

function sessionCap(max: number): HttpError {
  const msg = `This API key holds its maximum of ${max} live sessions. Close one (POST /close) or retry later.`;
  return new HttpError(
    "RATE_LIMITED",
    msg,
    msg,
    { max_sessions_per_key: max },
    {
      "Retry-After": String(SESSION_CAP_RETRY_S),
    },
  );
}

/** Which key a request carries: null when it carries none, "" when it carries a wrong one. */
function keyOf(keys: ApiKeys, presented: string | null): string | null {
  if (presented === null) return null;
  return keys.identify(presented) ?? "";
}

/** Name the key and charge its rate; throws the 401 or 429. */
function admitKey(ac: AccessControl, presented: string | null): string {
  const key = keyOf(ac.keys, presented);
  if (key === null || key === "") throw unauthorized(key === "");
  const take = ac.rate.take(key);
  if (!take.ok) throw rateLimited(take.retryAfterS);
  return key;
}

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => v !== null && typeof v === "object" && !Array.isArray(v);

function parsed(text: string): Json | null {
  if (exceedsJsonDepth(text)) return null;
  try {
    const v: unknown = JSON.parse(text);
    return isObject(v) ? v : null;
  } catch {
    return null;
  }
}

/** New sessions a request body asks for; 0 when it is malformed (its route answers that). */
function sessionsAsked(path: string, body: Json | null): number {
  if (path === "/reset") return body === null || body.session_id === undefined ? 1 : 0;
  if (body === null) return 0;
  if (path === "/batch/reset") {
    const p = BatchResetRequest.safeParse(body);
    if (!p.success || p.data.session_ids !== undefined) return 0;
    try {
      return batchResetItems(p.data).length;
    } catch {
      return 0;
    }
  }
  if (path === "/mcp") {
    if (body.method === "openenv/session/create") return 1;
    const params = isObject(body.params) ? body.params : {};
    return body.method === "tools/call" && params.name === "new_negotiation" ? 1 : 0;
  }
  return 0;
}

/** Session ids a successful reply hands out, wherever the route puts them. */
function sessionIdsIn(reply: unknown): string[] {
  if (!isObject(reply)) return [];
  const out: string[] = [];
  const add = (o: unknown) => {
    if (isObject(o) && typeof o.session_id === "string" && o.error === undefined) out.push(o.session_id);
  };
  add(reply);
  if (Array.isArray(reply.results)) reply.results.forEach(add);
  if (isObject(reply.result)) {
    add(reply.result);
    add(reply.result.structuredContent);
  }
  return out;
}

/** The session a request closes, if it is a close. */
function closing(path: string, body: Json | null): string | null {
  if (body === null) return null;
  if (path === "/close" && typeof body.session_id === "string") return body.session_id;
  const params = isObject(body.params) ? body.params : {};
  if (path === "/mcp" && body.method === "openenv/session/close" && typeof params.session_id === "string") {
    return params.session_id;
  }
  return null;
}

async function bodyOf(c: Context, limitBytes: number): Promise<Json | null> {
  try {
    return parsed(await readBodyText(c, limitBytes));
  } catch {
    return null; // over the limit: the route reads the same failed read and answers 413
  }
}

async function replyJson(res: Response): Promise<unknown> {
  try {
    return await res.clone().json();
  } catch {
    return null;
  }
}

const SESSION_PATHS = new Set(["/reset", "/batch/reset", "/mcp", "/close"]);

/**
 * API keys on every route but the open ones (isOpen), then the key's request rate, then — for
 * requests that create sessions — its live-session cap. Registered only when keys are set.
 */
export function accessControl(ac: AccessControl, limitBytes: number): MiddlewareHandler {
  return async (c, next) => {
    if (c.req.method === "OPTIONS" || isOpen(c.req.method, c.req.path)) return next();
    // A stream ticket opens this one read-only route and nothing else.
    if (
      c.req.method === "GET" &&
      c.req.path === "/markets/stream" &&
      ac.tickets?.valid(c.req.query("ticket"))
    )
      return next();
    const key = admitKey(ac, bearerKey(c.req.header("authorization")));
    if (c.req.method !== "POST" || !SESSION_PATHS.has(c.req.path)) return next();

    const body = await bodyOf(c, limitBytes);
    const asked = sessionsAsked(c.req.path, body);
    if (!ac.ledger.hasRoom(key, asked)) throw sessionCap(ac.ledger.maxPerKey);
    const release = ac.ledger.hold(key, asked);
    try {
      await next();
    } finally {
      release();
    }
    if (c.res.status !== 200) return;
    if (asked > 0) ac.ledger.record(key, sessionIdsIn(await replyJson(c.res)));
    const closed = closing(c.req.path, body);
    if (closed !== null) ac.ledger.forget(closed);
  };
}

const headerOf = (req: IncomingMessage, name: string): string | undefined => {
  const v = req.headers[name];
  return Array.isArray(v) ? v[0] : v;
};

/**
 * The same checks for a WebSocket upgrade, which browsers cannot give an Authorization header:
 * the key may come as `?api_key=<key>` instead (it can then appear in proxy access logs; use
 * the header where the client allows it). The connection holds one of the key's session slots
 * until it ends.
 */
export function admitWebSocket(ac: AccessControl, req: IncomingMessage): UpgradeAdmission {
  const query = new URL(req.url ?? "/", "http://x").searchParams.get("api_key");
  try {
    const key = admitKey(ac, bearerKey(headerOf(req, "authorization")) ?? query);
    if (!ac.ledger.hasRoom(key, 1)) throw sessionCap(ac.ledger.maxPerKey);
    return { ok: true, hold: () => ac.ledger.hold(key, 1) };
  } catch (e) {
    if (!(e instanceof HttpError)) throw e;
    return { ok: false, status: e.status, body: errorBody(e), headers: e.headers };
  }
}
