import { z } from "zod";
import { Action } from "../../env/action";
import { Observation } from "../../env/observation";
import { PublicState } from "../../env/public-state";
import { BatchResetRequest } from "../wire/batch";
import { CounterfactualRequest } from "../wire/counterfactual";
import { EpisodeListResponse } from "../wire/episode-list";
import { ErrorBody } from "../wire/errors";
import { ResetRequest, ResetResponse } from "../wire/reset";
import { ScoreResponse } from "../wire/score";
import { CloseRequest } from "../wire/session";
import { StepRequest, StepResponse } from "../wire/step";
import { StepInfoWire } from "../wire/step-info";
import {
  BatchResponse,
  BatchStepRequestDoc,
  CloseResponse,
  CounterfactualResponse,
  EnvSchemasResponse,
  EpisodeLogResponse,
  HealthResponse,
  JsonRpcRequestDoc,
  JsonRpcResponseDoc,
  MetadataResponse,
  SellersResponse,
  SessionState,
  TasksResponse,
} from "./route-schemas";

/** The API version `openenv validate` reads; "1." selects its openenv-http/1.x profile. */
export const API_VERSION = "1.0.0";

const COMPONENTS = {
  Action,
  Observation,
  PublicState,
  SessionState,
  StepInfo: StepInfoWire,
  ResetRequest,
  ResetResponse,
  StepRequest,
  StepResponse,
  ScoreResponse,
  CloseRequest,
  CloseResponse,
  ErrorBody,
  HealthResponse,
  MetadataResponse,
  EnvSchemasResponse,
  BatchResetRequest,
  BatchStepRequest: BatchStepRequestDoc,
  BatchResponse,
  TasksResponse,
  SellersResponse,
  EpisodeLogResponse,
  EpisodeListResponse,
  CounterfactualRequest,
  CounterfactualResponse,
  JsonRpcRequest: JsonRpcRequestDoc,
  JsonRpcResponse: JsonRpcResponseDoc,
} satisfies Record<string, z.ZodType>;

type ComponentId = keyof typeof COMPONENTS;
type Json = Record<string, unknown>;

interface Operation {
  method: "get" | "post";
  path: string;
  summary: string;
  description: string;
  tag: string;
  body?: ComponentId;
  query?: { name: string; description: string; required: boolean }[];
  pathParams?: { name: string; description: string }[];
  ok: { description: string; schema?: ComponentId; html?: true; status?: string };
  errors?: number[];
}

const ERROR_TEXT: Record<number, string> = {
  400: "Bad request",
  404: "Unknown or expired session, task, seller or episode",
  409: "Conflict: a step after the episode is done or before any reset, an episode_id already in use (EPISODE_ID_TAKEN), a counterfactual on a run still being played (EPISODE_NOT_OVER)",
  413: "Body larger than the limit",
  422: "Schema failure: `detail` is the pydantic-style list, `error.code` is VALIDATION_ERROR",
  503: "At capacity; see the Retry-After header",
  401: "API keys are on and the request carries no valid `Authorization: Bearer` key (UNAUTHORIZED)",
  403: "A browser request from an origin not in CORS_ORIGINS (FORBIDDEN_ORIGIN)",
  415: "The body is not JSON: send content-type application/json (UNSUPPORTED_MEDIA_TYPE)",
  429: "Over the key's request rate or live-session cap; see Retry-After (RATE_LIMITED)",
  507: "The server's disk is full; nothing was written (STORAGE_FULL)",
};

/**
 * Answers every API route can give whatever it does: keys (when on) guard all of them, the
 * Origin check and 415 guard those with a body, and any write can meet a full disk.
 */
function sharedErrors(op: Operation): number[] {
  if (op.ok.html || op.path === "/health") return [];
  return op.method === "post" ? [401, 403, 415, 429, 507] : [401, 429];
}

const SESSION_QUERY = [
  { name: "session_id", description: "The session returned by /reset.", required: true },
];

const OPERATIONS: Operation[] = [
  {
    method: "post",
    path: "/reset",
    tag: "episode",
    summary: "Start an episode",
    description:
      "Without `session_id` a new session is created (subject to capacity); with one, that session starts a new episode. Unknown keys (for example a dataset row's `prompt`) are ignored and listed in `info.ignored_keys`.",
    body: "ResetRequest",
    ok: { description: "The first observation", schema: "ResetResponse" },
    errors: [404, 409, 413, 422, 503],
  },
  {
    method: "post",
    path: "/step",
    tag: "episode",
    summary: "Make one buyer move",
    description:
      "Applies an offer, accept or walk. Game-rule violations that pass the schema (an out-of-range price, accepting with nothing on the table) are not errors: they return 200 with `info.violations` and a penalty.",
    body: "StepRequest",
    ok: { description: "The seller's answer", schema: "StepResponse" },
    errors: [404, 409, 413, 422],
  },
  {
    method: "get",
    path: "/state",
    tag: "episode",
    summary: "Read the episode state",
    description:
      "The full public state, never stripped. The seller's cost and reservation appear once the episode is over.",
    query: SESSION_QUERY,
    ok: { description: "The state", schema: "SessionState" },
    errors: [404, 409, 422],
  },
  {
    method: "get",
    path: "/score",
    tag: "episode",
    summary: "Grade the session's run",
    description: "The task grader's score over the episodes finished so far, with summary metrics.",
    query: SESSION_QUERY,
    ok: { description: "The score", schema: "ScoreResponse" },
    errors: [404, 409, 422],
  },
  {
    method: "post",
    path: "/close",
    tag: "episode",
    summary: "Close a session",
    description: "Frees the session's capacity slot. The stored episodes remain readable.",
    body: "CloseRequest",
    ok: { description: "Closed", schema: "CloseResponse" },
    errors: [404, 422],
  },
  {
    method: "post",
    path: "/batch/reset",
    tag: "batch",
    summary: "Start many episodes at once",
    description:
      "Vectorised reset with Gymnasium seed semantics. No autoreset. A bad item carries its own `error`; it never fails the batch.",
    body: "BatchResetRequest",
    ok: { description: "One result per item, in order", schema: "BatchResponse" },
    errors: [413, 422, 503],
  },
  {
    method: "post",
    path: "/batch/step",
    tag: "batch",
    summary: "Step many sessions at once",
    description: "One action per session; each result has the exact single-step shape plus `session_id`.",
    body: "BatchStepRequest",
    ok: { description: "One result per item, in order", schema: "BatchResponse" },
    errors: [413, 422],
  },
  {
    method: "get",
    path: "/tasks",
    tag: "catalog",
    summary: "List tasks",
    description: "Every task with its version, difficulty and description.",
    ok: { description: "Tasks", schema: "TasksResponse" },
  },
  {
    method: "get",
    path: "/sellers",
    tag: "catalog",
    summary: "List sellers",
    description: "Every released seller as id, version and content hash.",
    ok: { description: "Sellers", schema: "SellersResponse" },
  },
  {
    method: "get",
    path: "/episodes",
    tag: "replay",
    summary: "List finished episodes",
    description:
      "The newest episodes whose run is over (what anyone may replay), without their logs; `limit` 1–100, default 20. Live episodes and session ids never appear.",
    ok: { description: "Finished episodes, newest first", schema: "EpisodeListResponse" },
    errors: [422],
  },
  {
    method: "get",
    path: "/episodes/{id}",
    tag: "replay",
    summary: "Read a stored episode",
    description:
      "Once its run is over: the whole event log, the seller's hidden values included, for anyone with the id. While it is being played: 404, unless the x-session-id header names its session, which then gets the buyer's view only (docs/security.md).",
    pathParams: [{ name: "id", description: "An episode id." }],
    ok: { description: "The episode", schema: "EpisodeLogResponse" },
    errors: [404],
  },
  {
    method: "post",
    path: "/episodes/{id}/counterfactual",
    tag: "replay",
    summary: "Branch a stored episode",
    description:
      "Replays the episode up to a round, then applies a different action. The branch is stored as a new episode. Only once the episode's run is over (409 EPISODE_NOT_OVER before).",
    pathParams: [{ name: "id", description: "An episode id." }],
    body: "CounterfactualRequest",
    ok: { description: "Both outcomes and the branch's dialogue", schema: "CounterfactualResponse" },
    errors: [404, 409, 422],
  },
  {
    method: "get",
    path: "/health",
    tag: "openenv",
    summary: "Health",
    description:
      "`status` is `healthy` when the server accepts sessions; active and maximum session counts are included.",
    ok: { description: "Health", schema: "HealthResponse" },
  },
  {
    method: "get",
    path: "/metadata",
    tag: "openenv",
    summary: "Environment metadata",
    description: "Name, description, README, version, author and documentation URL; every key is present.",
    ok: { description: "Metadata", schema: "MetadataResponse" },
  },
  {
    method: "get",
    path: "/schema",
    tag: "openenv",
    summary: "Action, observation and state JSON Schemas",
    description: "Generated from the same zod schemas that validate requests.",
    ok: { description: "Schemas", schema: "EnvSchemasResponse" },
  },
  {
    method: "post",
    path: "/mcp",
    tag: "openenv",
    summary: "MCP tools over JSON-RPC 2.0",
    description:
      "Methods: initialize, tools/list, tools/call (new_negotiation, make_offer, accept_offer, walk_away, get_state), openenv/session/create, openenv/session/close. Always HTTP 200.",
    body: "JsonRpcRequest",
    ok: { description: "A JSON-RPC response", schema: "JsonRpcResponse" },
  },
  {
    method: "get",
    path: "/ws",
    tag: "openenv",
    summary: "OpenEnv WebSocket",
    description:
      'Upgrade to a WebSocket speaking OpenEnv frames: send `{"type":"reset","data":{...}}`, `{"type":"step","data":<action>}`, `{"type":"state"}`, `{"type":"close"}` or `{"type":"mcp","data":<JSON-RPC>}`; replies are `observation`, `state`, `mcp` or `error` frames. One session per connection.',
    ok: { description: "Switching protocols", status: "101" },
    errors: [503],
  },
  {
    method: "get",
    path: "/openapi.json",
    tag: "openenv",
    summary: "This document",
    description: "OpenAPI 3.1, built from the zod wire schemas.",
    ok: { description: "OpenAPI document" },
  },
  {
    method: "get",
    path: "/docs",
    tag: "openenv",
    summary: "API reference (HTML)",
    description: "A browsable rendering of this document; it loads nothing from the network.",
    ok: { description: "HTML page", html: true },
  },
];

const ref = (id: ComponentId) => ({ $ref: `#/components/schemas/${id}` });
const json = (schema: Json) => ({ "application/json": { schema } });

function operationObject(op: Operation): Json {
  const parameters = [
    ...(op.pathParams ?? []).map((p) => ({
      name: p.name,
      in: "path",
      required: true,
      description: p.description,
      schema: { type: "string" },
    })),
    ...(op.query ?? []).map((q) => ({
      name: q.name,
      in: "query",
      required: q.required,
      description: q.description,
      schema: { type: "string" },
    })),
  ];
  const okContent = op.ok.html
    ? { "text/html": { schema: { type: "string" } } }
    : op.ok.schema
      ? json(ref(op.ok.schema))
      : op.ok.status === "101"
        ? undefined
        : json({ type: "object" });
  const responses: Json = {
    [op.ok.status ?? "200"]: okContent
      ? { description: op.ok.description, content: okContent }
      : { description: op.ok.description },
  };
  for (const status of [...(op.errors ?? []), ...sharedErrors(op)]) {
    responses[String(status)] = {
      description: ERROR_TEXT[status] ?? "Error",
      content: json(ref("ErrorBody")),
    };
  }
  return {
    operationId: `${op.method}_${op.path.replace(/[^a-z0-9]+/gi, "_").replace(/^_|_$/g, "") || "root"}`,
    summary: op.summary,
    description: op.description,
    tags: [op.tag],
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(op.body ? { requestBody: { required: true, content: json(ref(op.body)) } } : {}),
    responses,
  };
}

// Results OpenEnv also defines: the keys we add are documented as optional (OPENENV §2.4), so a
// client generated from this document reads upstream servers too.
const OPENENV_RESULTS = new Set(["ResetResponse", "StepResponse"]);
const OPENENV_RESULT_KEYS = ["observation", "reward", "done"];

function onlyOpenEnvRequired(schema: Json): Json {
  const required = Array.isArray(schema.required) ? schema.required : [];
  return { ...schema, required: required.filter((k) => OPENENV_RESULT_KEYS.includes(String(k))) };
}

function componentSchemas(): Record<string, Json> {
  const registry = z.registry<{ id: string }>();
  for (const [id, schema] of Object.entries(COMPONENTS)) registry.add(schema, { id });
  const { schemas } = z.toJSONSchema(registry, { uri: (id) => `#/components/schemas/${id}`, io: "input" });
  const out: Record<string, Json> = {};
  for (const [id, schema] of Object.entries(schemas)) {
    const { $schema: _dialect, $id: _id, ...rest } = schema as Json;
    out[id] = OPENENV_RESULTS.has(id) ? onlyOpenEnvRequired(rest) : rest;
  }
  return out;
}

export interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string; description: string };
  paths: Record<string, Record<string, Json>>;
  components: { schemas: Record<string, Json> };
  tags: { name: string; description: string }[];
}

/** OpenAPI 3.1 for the whole server, built from the wire schemas rather than the live routes. */
export function buildOpenApiDocument(serverVersion: string): OpenApiDocument {
  const paths: Record<string, Record<string, Json>> = {};
  for (const op of OPERATIONS) {
    paths[op.path] ??= {};
    (paths[op.path] as Record<string, Json>)[op.method] = operationObject(op);
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "BazaarBATNA",
      version: API_VERSION,
      description: `Buyer-vs-seller bargaining environment, OpenEnv-compatible, with explicit sessions (server ${serverVersion}). Every field added to OpenEnv's shapes is optional for clients to read.`,
    },
    paths,
    components: { schemas: componentSchemas() },
    tags: [
      { name: "episode", description: "Stateful episode API (OpenEnv shapes plus explicit sessions)" },
      { name: "batch", description: "Vectorised reset and step" },
      { name: "catalog", description: "Tasks and sellers" },
      { name: "replay", description: "Stored episodes" },
      { name: "openenv", description: "OpenEnv conventions: health, metadata, schema, MCP, WebSocket" },
    ],
  };
}
