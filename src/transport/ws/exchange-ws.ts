import type { IncomingMessage, Server } from "node:http";
import type { Duplex } from "node:stream";
import { type RawData, type WebSocket, WebSocketServer } from "ws";
import { asExchangeError } from "../../exchange/exchange-error";
import type { ExchangeShell } from "../../exchange/exchange-shell";
import { TapeCursor } from "../../exchange/tape-cursor";
import { errorFields, type Logger, silentLogger } from "../../log/logger";
import type { TapeRow } from "../../storage/exchange-store";
import { AGENT_TOKEN_HEADER, ExchangeClientFrame, type ExchangeServerFrame } from "../../wire/exchange";
import { refuseUpgrade, type UpgradeAdmission } from "./upgrade-admission";

/**
 * Agents on a WebSocket (`/agents/ws`, token in `X-Agent-Token` on the upgrade): the server
 * pushes the agent's inbox (its own views, as they change) and, on request, the public tape;
 * the agent sends actions and gets one `result` or `error` per frame id. Everything an agent
 * receives is its own view or the public tape: the same boundary as HTTP.
 */
export const EXCHANGE_WS_PATH = "/agents/ws";
const MAX_PAYLOAD = 64 * 1024;
/** A connection this far behind on its pushes is closed (1013); it reconnects from its cursors. */
const MAX_BUFFERED = 4 * 1024 * 1024;

export interface ExchangeWebSocket {
  /**
   * Close every agent connection because the exchange moved to another replica: 1012 (service
   * restart) tells the agent to reconnect, which the balancer sends to the new holder; its inbox
   * and tape cursors carry over (tape ids are kept across a takeover).
   */
  exchangeMoved(): void;
  close(): Promise<void>;
}

const pathOf = (req: IncomingMessage): string => (req.url ?? "/").split("?")[0] as string;

export function attachExchangeWebSocket(
  server: Server,
  ex: ExchangeShell,
  opts: {
    admit?: (req: IncomingMessage) => UpgradeAdmission;
    logger?: Logger;
    /** Upgrade paths other listeners on this server own; any path outside both gets a 404. */
    otherPaths?: readonly string[];
  } = {},
): ExchangeWebSocket {
  const log = opts.logger ?? silentLogger;
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_PAYLOAD, perMessageDeflate: false });
  const onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const path = pathOf(req);
    if (path !== EXCHANGE_WS_PATH) {
      if (!(opts.otherPaths ?? []).includes(path))
        socket.end("HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n");
      return;
    }
    const admission = opts.admit?.(req) ?? { ok: true };
    if (!admission.ok) return refuseUpgrade(socket, admission);
    const raw = req.headers[AGENT_TOKEN_HEADER];
    const agent = ex.registry.authenticate(Array.isArray(raw) ? raw[0] : raw);
    if (agent === null) {
      const message = "Send a valid, unrevoked agent token in X-Agent-Token (POST /agents gives one).";
      return refuseUpgrade(socket, {
        ok: false,
        status: 401,
        body: { error: { code: "UNAUTHORIZED", message }, detail: message },
      });
    }
    wss.handleUpgrade(req, socket, head, (ws) => {
      const release = admission.hold?.();
      ws.once("close", () => release?.());
      serveAgent(ws, agent, ex, log);
    });
  };
  server.on("upgrade", onUpgrade);
  return {
    exchangeMoved() {
      for (const ws of wss.clients) ws.close(1012, "the exchange moved to another replica: reconnect");
    },
    async close() {
      server.off("upgrade", onUpgrade);
      for (const ws of wss.clients) ws.close(1001, "server shutting down");
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}

const text = (data: RawData): string =>
  Array.isArray(data)
    ? Buffer.concat(data).toString("utf8")
    : Buffer.from(data as ArrayBuffer).toString("utf8");

function serveAgent(ws: WebSocket, agent: string, ex: ExchangeShell, log: Logger): void {
  const stops: (() => void)[] = [];
  const send = (frame: ExchangeServerFrame): void => {
    if (ws.readyState !== ws.OPEN) return;
    ws.send(JSON.stringify(frame));
    if (ws.bufferedAmount > MAX_BUFFERED) ws.close(1013, "push buffer full: read your frames");
  };
  const fail = (id: number | null, err: unknown): void => {
    const x = asExchangeError(err);
    if (x === null) log.error("exchange ws: action failed", errorFields(err));
    send({
      type: "error",
      id,
      // Spelled out: an Error's message is not an own enumerable field, so JSON would drop it.
      error:
        x === null
          ? { status: 500, code: "INTERNAL_ERROR", message: "Internal error; the server logged the details." }
          : { status: x.status, code: x.code, message: x.message },
    });
  };
  ws.on("close", () => {
    for (const s of stops) s();
  });
  ws.on("error", () => ws.terminate());
  // New inbox items are pushed as they happen; `inbox` frames ask for what was queued before.
  stops.push(ex.exchange.inbox.listen(agent, (item) => send({ type: "inbox", data: item })));
  // A revoked token ends its connections at once (4001: the application's "unauthorized").
  stops.push(ex.registry.onRevoke(agent, () => ws.close(4001, "agent token revoked")));

  ws.on("message", (data, isBinary) => {
    let json: unknown;
    try {
      json = isBinary ? undefined : JSON.parse(text(data));
    } catch {
      json = undefined;
    }
    const parsed = ExchangeClientFrame.safeParse(json);
    if (!parsed.success) {
      const id = (json as { id?: unknown } | undefined)?.id;
      send({
        type: "error",
        id: typeof id === "number" && Number.isInteger(id) ? id : null,
        error: {
          status: 422,
          code: "VALIDATION_ERROR",
          message: parsed.error.issues[0]?.message ?? "bad frame",
        },
      });
      return;
    }
    const f = parsed.data;
    try {
      if (f.type === "act") send({ type: "result", id: f.id, data: ex.exchange.act(agent, f.data) });
      else if (f.type === "view")
        send({ type: "view", id: f.id, data: ex.exchange.view(agent, f.market_id) });
      else if (f.type === "inbox")
        for (const item of ex.exchange.inbox.after(agent, f.after)) send({ type: "inbox", data: item });
      else stops.push(streamTape(ex, f.after, (row) => send({ type: "tape", data: row })));
    } catch (err) {
      fail("id" in f ? f.id : null, err);
    }
  });
}

/** Push the public tape from `after` on; returns the function that stops it. */
function streamTape(ex: ExchangeShell, after: number, push: (row: TapeRow) => void): () => void {
  const cursor = new TapeCursor(ex.store, ex.exchange.tape, after);
  void (async () => {
    for (let rows = await cursor.next(); rows.length > 0; rows = await cursor.next())
      for (const r of rows) push(r);
  })();
  return () => cursor.close();
}
