/*
 * How a route is described in /openapi.json: what it takes, what it answers and which errors,
 * as plain data over the wire schemas. Routes carry these descriptions where they are
 * registered (src/transport/http/route-docs.ts), and src/openapi reads them off the app.
 */
import type { z } from "zod";
import { ErrorBody } from "./errors";
import { component } from "./operation-components";

type Json = Record<string, unknown>;

/** What a route can answer besides its own errors, by what guards it (docs/access-control.md). */
export type Guard =
  /** A JSON body: API key, Origin check, size, content type, schema, rate, a full disk, a failure. */
  | "body"
  /** JSON-RPC in a JSON body: as "body", but schema failures are JSON-RPC errors in a 200. */
  | "rpc"
  /** API key, rate, a failure. */
  | "read"
  /** Open to anyone, answers whatever happens (health, pages). */
  | "open";

const SHARED: Record<Guard, number[]> = {
  body: [401, 403, 413, 415, 422, 429, 500, 507],
  rpc: [401, 403, 413, 415, 429, 500, 507],
  read: [401, 429, 500],
  open: [],
};

export const ERROR_TEXT: Record<number, string> = {
  400: "Bad request",
  401: "API keys are on and the request carries no valid `Authorization: Bearer` key, or an exchange route needs a valid `X-Agent-Token` (UNAUTHORIZED)",
  403: "A browser request from an origin not in CORS_ORIGINS (FORBIDDEN_ORIGIN); on the exchange, acting outside one's market (NOT_ENGAGED, UNKNOWN_AGENT) or an admin-only route with an ordinary API key (ADMIN_REQUIRED)",
  404: "Unknown or expired session, task, seller or episode",
  405: "Method not allowed (METHOD_NOT_ALLOWED); see the Allow header",
  409: "Conflict: a step after the episode is done or before any reset, an episode_id already in use (EPISODE_ID_TAKEN), a counterfactual on a run still being played (EPISODE_NOT_OVER)",
  413: "Body larger than the limit (PAYLOAD_TOO_LARGE)",
  415: "The body is not JSON: send content-type application/json (UNSUPPORTED_MEDIA_TYPE)",
  422: "Schema failure: `detail` is the pydantic-style list, `error.code` is VALIDATION_ERROR (NESTING_TOO_DEEP past 64 levels)",
  429: "Over the key's request rate or live-session cap; see Retry-After (RATE_LIMITED)",
  500: "A failure of the server's own; it logged the details (INTERNAL_ERROR)",
  503: "At capacity (CAPACITY_REACHED), database unreachable (STORAGE_UNAVAILABLE) the session in failover between replicas (SESSION_ELSEWHERE), the exchange running on another replica (EXCHANGE_ELSEWHERE) or, from the load balancer, no replica ready (NO_REPLICA_READY); see the Retry-After header",
  507: "The server's disk is full; nothing was written (STORAGE_FULL)",
};

/** A schema the document shows under a name (components), or inline when it has none. */
export type Named = readonly [name: string, schema: z.ZodType];

export interface OperationSpec {
  summary: string;
  description: string;
  tag: string;
  guard: Guard;
  body?: Named;
  query?: { name: string; description: string; required: boolean }[];
  path?: { name: string; description: string }[];
  headers?: { name: string; description: string }[];
  /**
   * The success answer: JSON (`schema`), an HTML page, a Server-Sent Events stream whose every
   * event's `data` is `schema` as JSON (`sse`), or another status with no body.
   */
  ok?: { description: string; schema?: Named; html?: true; sse?: true; status?: number };
  /** Whether the exchange's `X-Agent-Token` is needed, or optional (it then changes the answer). */
  agentToken?: "required" | "optional";
  /** Other answers without a body, e.g. 202 for a JSON-RPC notification. */
  empty?: Record<number, string>;
  /** Error statuses this route gives besides the guard's (body: ErrorBody). */
  errors?: number[];
}

/** The security scheme openapi-document.ts declares for the exchange's agent token. */
export const AGENT_TOKEN_SCHEME = "AgentToken";
// `{}` in the list: the operation also answers without the token (OpenAPI 3.1, Security Requirement).
const AGENT_SECURITY = {
  required: [{ [AGENT_TOKEN_SCHEME]: [] }],
  optional: [{}, { [AGENT_TOKEN_SCHEME]: [] }],
};

const json = (schema: Json) => ({ "application/json": { schema } });
const ref = ([name, schema]: Named) => component(name, schema);

function parameters(spec: OperationSpec): Json[] {
  const param = (where: string, required: boolean) => (p: { name: string; description: string }) => ({
    name: p.name,
    in: where,
    required,
    description: p.description,
    schema: { type: "string" },
  });
  return [
    ...(spec.path ?? []).map(param("path", true)),
    ...(spec.query ?? []).map((q) => param("query", q.required)(q)),
    ...(spec.headers ?? []).map(param("header", false)),
  ];
}

/** The OpenAPI operation object of one route, every status it can answer included. */
export function operationObject(spec: OperationSpec): Json {
  const responses: Json = {};
  if (spec.ok !== undefined) {
    const okContent = spec.ok.html
      ? { "text/html": { schema: { type: "string" } } }
      : spec.ok.schema === undefined
        ? undefined
        : spec.ok.sse
          ? { "text/event-stream": { schema: ref(spec.ok.schema) } }
          : json(ref(spec.ok.schema));
    responses[String(spec.ok.status ?? 200)] = okContent
      ? { description: spec.ok.description, content: okContent }
      : { description: spec.ok.description };
  }
  for (const [status, description] of Object.entries(spec.empty ?? {})) responses[status] = { description };
  const errorBody = component("ErrorBody", ErrorBody);
  for (const status of [...new Set([...(spec.errors ?? []), ...SHARED[spec.guard]])].sort((a, b) => a - b)) {
    responses[String(status)] = { description: ERROR_TEXT[status] ?? "Error", content: json(errorBody) };
  }
  const params = parameters(spec);
  return {
    summary: spec.summary,
    description: spec.description,
    tags: [spec.tag],
    ...(params.length > 0 ? { parameters: params } : {}),
    ...(spec.agentToken === undefined ? {} : { security: AGENT_SECURITY[spec.agentToken] }),
    ...(spec.body ? { requestBody: { required: true, content: json(ref(spec.body)) } } : {}),
    responses,
  };
}
