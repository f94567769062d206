import type { Hono } from "hono";
import { streamSSE } from "hono/streaming";
import type { BuyerPolicy } from "../../../buyers/buyer-policy";
import {
  buyerFromSpec,
  CODE_BUYER_SPECS,
  isModelSpec,
  UnknownBuyerError,
} from "../../../buyers/buyer-registry";
import type { ChatModel } from "../../../env/chat-model";
import type { LlmConfig } from "../../llm/config";
import { MatchRunner } from "../../sessions/matches";
import type { SessionService } from "../../sessions/session-service";
import { type MatchBuyersResponse, MatchQuery, MatchRequest } from "../../wire/match";
import type { BackendStatus } from "./app";
import { EVAL_ROUTE_DOCS } from "./eval-route-docs";
import { readJson, validate } from "./request-input";

/** A stream's keep-alive comment, and how long it waits for a move before sending one. */
const HEARTBEAT_MS = 15_000;

/** Model buyers the configuration names a model for, in the spec form `bazaar eval --buyer` takes. */
export function configuredModelBuyers(config: LlmConfig): string[] {
  const out: string[] = [];
  if (config.ollama.model) out.push(`ollama:${config.ollama.model}`);
  const hf = config.hf.endpointUrl ?? config.hf.model;
  if (hf) out.push(`hf:${hf}`);
  return out;
}

/** The model buyer a configured backend offers: the seller key's model, as a buyer spec. */
export const modelBuyerSpec = (sellerKey: string): string =>
  sellerKey.replace(/^llm-/, "").replace(/@\d+$/, "");

export interface MatchRouteDeps {
  service: SessionService;
  limitBytes: number;
  /** Model buyer specs of the configured backends (configuredModelBuyers): the only ones offered. */
  modelSpecs?: readonly string[];
  /** Builds the model of an offered model spec. */
  chatModel?: (spec: string) => ChatModel;
  /** Reachability of the configured backends, for the menu. */
  backends?: () => Promise<readonly BackendStatus[]>;
  redact?: (text: string) => string;
  runner?: MatchRunner;
}

/** The buyers a server offers: every code buyer, and model buyers for the configured models only. */
export function matchBuyers(modelSpecs: readonly string[], chatModel?: (spec: string) => ChatModel) {
  const models = new Set(chatModel === undefined ? [] : modelSpecs);
  return {
    models,
    build: (spec: string): BuyerPolicy => {
      if (isModelSpec(spec) && !models.has(spec.replace(/\+steer$/, ""))) throw new UnknownBuyerError(spec);
      return buyerFromSpec(spec, chatModel ? { chatModel } : {});
    },
  };
}

/**
 * POST /matches, GET /matches/:id (and its SSE stream) and GET /matches/buyers: the /web/watch page's API. Code
 * buyers are always offered; a model buyer only for a backend this server is configured with
 * (a spec naming any other model or URL is refused: the server's credentials go nowhere else).
 * The server passes its own runner (it stops it on shutdown) with the model specs it offers.
 */
export function registerMatchRoutes(app: Hono, deps: MatchRouteDeps): MatchRunner {
  const own = matchBuyers(deps.modelSpecs ?? [], deps.chatModel);
  const models = deps.runner === undefined ? own.models : new Set(deps.modelSpecs ?? []);
  const runner =
    deps.runner ??
    new MatchRunner({
      service: deps.service,
      buyer: own.build,
      ...(deps.redact ? { redact: deps.redact } : {}),
    });

  app.get("/matches/buyers", EVAL_ROUTE_DOCS.matchBuyers, async (c) => {
    const health = deps.backends ? await deps.backends() : [];
    const body: MatchBuyersResponse = {
      buyers: [
        ...CODE_BUYER_SPECS.map((spec) => ({ spec, kind: "code" as const, reachable: true, detail: "" })),
        ...[...models].map((spec) => {
          const h = health.find((b) => modelBuyerSpec(b.sellerKey) === spec);
          return {
            spec,
            kind: "model" as const,
            reachable: h?.reachable ?? false,
            detail: h?.detail ?? "not probed",
          };
        }),
      ],
    };
    return c.json(body);
  });
  app.post("/matches", EVAL_ROUTE_DOCS.startMatch, async (c) => {
    const req = validate(MatchRequest, await readJson(c, deps.limitBytes));
    return c.json(await runner.start(req), 201);
  });
  app.get("/matches/:id/stream", EVAL_ROUTE_DOCS.matchStream, (c) => {
    const resume = c.req.header("last-event-id");
    const query = resume === undefined ? c.req.query() : { after: resume };
    const { after } = validate(MatchQuery, query, "query");
    const id = c.req.param("id").slice(0, 64);
    runner.get(id, after); // an unknown match is a 404 before any stream starts
    return streamSSE(c, async (stream) => {
      let seen = after;
      const beat = setInterval(
        () => void stream.write(": keep-alive\n\n").catch(() => undefined),
        HEARTBEAT_MS,
      );
      try {
        while (!stream.aborted) {
          const v = await runner.changed(id, seen, HEARTBEAT_MS);
          for (const step of v.steps)
            await stream.writeSSE({ id: String(step.idx + 1), event: "step", data: JSON.stringify(step) });
          seen = v.total_steps;
          if (v.status !== "running") {
            await stream.writeSSE({
              id: String(seen),
              event: "end",
              data: JSON.stringify({ ...v, steps: [] }),
            });
            break;
          }
        }
      } finally {
        clearInterval(beat);
      }
    });
  });
  app.get("/matches/:id", EVAL_ROUTE_DOCS.match, (c) => {
    const { after } = validate(MatchQuery, c.req.query(), "query");
    return c.json(runner.get(c.req.param("id").slice(0, 64), after));
  });
  return runner;
}
