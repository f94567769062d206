import type { Context, Hono } from "hono";
import { streamSSE } from "hono/streaming";
import { AgentCommand } from "../../../markets/commands";
import {
  asExchangeError,
  EXCHANGE_RETRY_AFTER_S,
  exchangeElsewhere,
  unauthorized,
} from "../../exchange/exchange-error";
import type { ExchangeShell } from "../../exchange/exchange-shell";
import { parseTapeId, TapeCursor } from "../../exchange/tape-cursor";
import {
  AGENT_TOKEN_HEADER,
  InboxQuery,
  type LeaderboardReply,
  type MarketsReply,
  OpenListingBody,
  OpenRequestBody,
  RegisterAgentRequest,
  type RevokeAgentReply,
  type StreamTicketReply,
} from "../../wire/exchange";
import { createExchangeGate, type ExchangeGate } from "./exchange-gate";
import { reportPage } from "./exchange-report-page";
import { EXCHANGE_DOCS } from "./exchange-route-docs";
import { HttpError } from "./http-errors";
import { requireJsonContentType } from "./json-content-type";
import { readBodyText } from "./read-body";
import { readJson, validate } from "./request-input";

/** Keep-alive comment on an idle stream, so proxies do not cut it. */
const HEARTBEAT_MS = 15_000;

function asHttp(err: unknown): never {
  const x = asExchangeError(err);
  if (x !== null)
    throw new HttpError(
      x.code,
      x.message,
      x.message,
      undefined,
      x.status === 503 ? { "Retry-After": String(EXCHANGE_RETRY_AFTER_S) } : {},
    );
  throw err;
}

/** Run a route body, answering exchange and market refusals with their own status. */
function guarded<T>(f: () => T): T {
  try {
    return f();
  } catch (err) {
    return asHttp(err);
  }
}

/** The exchange's paths (HAProxy's exchange backend serves the same prefixes). */
const EXCHANGE_PATHS = ["/agents", "/agents/*", "/markets", "/markets/*", "/ledger/*"] as const;

/**
 * On a replica that does not run the exchange (Postgres, another replica holds its lease) every
 * exchange route answers 503 EXCHANGE_ELSEWHERE with Retry-After, before reading anything.
 */
export function requireExchangeHere(app: Hono, here: () => Promise<boolean>): void {
  for (const p of EXCHANGE_PATHS)
    app.use(p, async (_c, next) => {
      if (!(await here())) asHttp(exchangeElsewhere());
      await next();
    });
}

/**
 * The exchange over HTTP (docs/exchange.md, "Live"): agent registration, markets, actions,
 * the long-poll inbox, the ledger checks and the public SSE tape. The agent acting is always
 * the one its `X-Agent-Token` names; a body never says who it is.
 */
export function registerExchangeRoutes(
  app: Hono,
  ex: ExchangeShell,
  limitBytes: number,
  /** The exchange's MCP answer (JSON-RPC text in, the protocol's reply out), injected: no transport imports another. */
  mcp?: (text: string, agent: string, request: Request) => Promise<Response>,
  /** Registration rate, admin revocation and stream tickets; an open server's by default. */
  gate: ExchangeGate = createExchangeGate({ keys: null, admin: null, registrationsPerMin: 1 }),
): void {
  const agentOf = (c: Context): string => {
    const id = ex.registry.authenticate(c.req.header(AGENT_TOKEN_HEADER));
    if (id === null) asHttp(unauthorized());
    return id as string;
  };
  const optionalAgent = (c: Context): string | null =>
    c.req.header(AGENT_TOKEN_HEADER) === undefined ? null : agentOf(c);

  app.post("/agents", EXCHANGE_DOCS.register, async (c) => {
    const { name } = validate(RegisterAgentRequest, await readJson(c, limitBytes));
    // Charged after the body is read and checked: a malformed registration costs nothing.
    gate.admitRegistration(c.req.header("authorization"));
    return c.json(ex.registry.register(name), 201);
  });

  app.get("/agents/me", EXCHANGE_DOCS.me, (c) => {
    const id = agentOf(c);
    return c.json({ agent_id: id, name: ex.registry.name(id), created_at: ex.registry.createdAt(id) });
  });

  app.delete("/agents/me", EXCHANGE_DOCS.revoke, (c) => {
    const id = agentOf(c);
    ex.registry.revoke(id);
    return c.json({ agent_id: id, revoked: true } satisfies RevokeAgentReply);
  });

  app.delete("/agents/:id", EXCHANGE_DOCS.adminRevoke, (c) => {
    gate.requireAdmin(c.req.header("authorization"));
    const id = c.req.param("id");
    const row = ex.store.agent(id);
    if (row === null) {
      const msg = `No agent ${JSON.stringify(id.slice(0, 64))}.`;
      throw new HttpError("NOT_FOUND", msg, msg);
    }
    // Idempotent: revoking a revoked agent answers the same.
    ex.registry.revoke(id);
    return c.json({ agent_id: id, revoked: true } satisfies RevokeAgentReply);
  });

  app.get("/agents/me/inbox", EXCHANGE_DOCS.inbox, async (c) => {
    const id = agentOf(c);
    const q = validate(InboxQuery, c.req.query(), "query");
    const items = await ex.exchange.inbox.wait(id, q.after, q.wait * 1000, c.req.raw.signal);
    const cursor = items.length > 0 ? (items[items.length - 1]?.n ?? q.after) : Math.max(q.after, 0);
    return c.json({ cursor, items });
  });

  app.get("/agents/me/pnl", EXCHANGE_DOCS.myPnl, (c) => c.json(ex.pnl(agentOf(c))));

  app.post("/markets/requests", EXCHANGE_DOCS.openRequest, async (c) => {
    const id = agentOf(c);
    const body = validate(OpenRequestBody, await readJson(c, limitBytes));
    return c.json(
      guarded(() => ex.exchange.openRequest(id, body)),
      201,
    );
  });

  app.post("/markets/listings", EXCHANGE_DOCS.openListing, async (c) => {
    const id = agentOf(c);
    const body = validate(OpenListingBody, await readJson(c, limitBytes));
    return c.json(
      guarded(() => ex.exchange.openListing(id, body)),
      201,
    );
  });

  app.post("/markets/act", EXCHANGE_DOCS.act, async (c) => {
    const id = agentOf(c);
    const cmd = validate(AgentCommand, await readJson(c, limitBytes));
    return c.json(guarded(() => ex.exchange.act(id, cmd)));
  });

  app.get("/markets", EXCHANGE_DOCS.markets, (c) =>
    c.json({ markets: ex.exchange.openMarkets() } satisfies MarketsReply),
  );

  app.post("/markets/stream/ticket", EXCHANGE_DOCS.ticket, (c) =>
    c.json(gate.tickets.issue() satisfies StreamTicketReply, 201),
  );

  app.get("/markets/stream", EXCHANGE_DOCS.stream, (c) => {
    const after = guarded(() => parseTapeId(c.req.header("last-event-id") ?? c.req.query("after")));
    const cursor = new TapeCursor(ex.store, ex.exchange.tape, after);
    return streamSSE(c, async (stream) => {
      stream.onAbort(() => cursor.close());
      const beat = setInterval(
        () => void stream.write(": keep-alive\n\n").catch(() => cursor.close()),
        HEARTBEAT_MS,
      );
      try {
        for (let rows = await cursor.next(); rows.length > 0 && !stream.aborted; rows = await cursor.next())
          for (const r of rows)
            await stream.writeSSE({ id: String(r.id), event: "tape", data: JSON.stringify(r) });
      } finally {
        clearInterval(beat);
        cursor.close();
      }
    });
  });

  app.get("/markets/ratings", EXCHANGE_DOCS.ratings, async (c) => c.json(await ex.ratings.current()));

  app.get("/markets/report", EXCHANGE_DOCS.report, async (c) => reportPage(c, await ex.ratings.current()));

  app.get("/markets/:id", EXCHANGE_DOCS.market, (c) => {
    const agent = optionalAgent(c);
    return c.json(guarded(() => ex.exchange.view(agent, c.req.param("id"))));
  });

  if (mcp !== undefined)
    app.post("/agents/mcp", EXCHANGE_DOCS.mcp, async (c) => {
      const agent = agentOf(c);
      requireJsonContentType(c);
      return mcp(await readBodyText(c, limitBytes), agent, c.req.raw);
    });

  app.get("/ledger/reconcile", EXCHANGE_DOCS.reconcile, (c) => c.json(ex.store.reconcile()));
  app.get("/ledger/pnl", EXCHANGE_DOCS.leaderboard, (c) =>
    c.json({ agents: ex.leaderboard() } satisfies LeaderboardReply),
  );
}
