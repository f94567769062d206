import type { IncomingMessage, Server } from "node:http";
import type { Duplex } from "node:stream";
import { type RawData, type WebSocket, WebSocketServer } from "ws";
import { Action } from "../../../env/action";
import { type Logger, silentLogger } from "../../log/logger";
import { asServiceError } from "../../sessions/service-error";
import type { SessionService } from "../../sessions/session-service";
import { toPydanticErrors } from "../../wire/pydantic-errors";
import { ResetRequest } from "../../wire/reset";
import { SerialQueue } from "./serial-queue";
import { refuseUpgrade, type UpgradeAdmission } from "./upgrade-admission";
import {
  type ClientFrame,
  errorFrame,
  parseClientFrame,
  validationFrame,
  type WsErrorFrame,
} from "./ws-frames";
import { observationFrame, stateFrame } from "./ws-replies";

export interface OpenEnvWebSocketOptions {
  /** Largest inbound frame; actions are tiny, so 1 MiB leaves ample room. */
  maxPayloadBytes?: number;
  path?: "/ws";
  /**
   * Most reply bytes a connection may have waiting to go out (ws `bufferedAmount`). A client
   * that stops reading while it keeps sending is closed with 1013 past this, instead of the
   * server buffering its replies without end.
   */
  maxBufferedBytes?: number;
  logger?: Logger;
  /** Checked before each upgrade (Origin, API key); a refusal is answered as plain HTTP. */
  admit?: (req: IncomingMessage) => UpgradeAdmission;
  /**
   * Answers the `mcp` frame (JSON-RPC) on the connection's own session. Passed in by whoever
   * composes the server, so this transport never imports the MCP one; without it the frame is
   * an UNKNOWN_TYPE error, as on an OpenEnv server without MCP.
   */
  mcp?: McpFrameHandler;
}

/** One JSON-RPC request from an `mcp` frame, answered for the connection's session. */
export type McpFrameHandler = (
  request: Record<string, unknown>,
  service: SessionService,
  sessionId: string,
  channel: object,
) => Promise<unknown>;

export interface OpenEnvWebSocket {
  /** Close every connection (1001), free their sessions and stop accepting upgrades. */
  close(): Promise<void>;
}

export const DEFAULT_WS_MAX_PAYLOAD = 1024 * 1024;
export const DEFAULT_WS_MAX_BUFFERED = 4 * 1024 * 1024;
/** "Try again later" (RFC 6455 §7.4.1 registry): the client may reconnect once it reads its replies. */
export const CLOSE_SLOW_READER = 1013;
/** Frames one connection may have waiting for an answer before its socket stops being read. */
const MAX_WAITING_FRAMES = 256;
const FACTORY_NAME = "bazaar_batna";

type Outgoing = WsErrorFrame | { type: string; data: unknown };

const pathOf = (req: IncomingMessage): string => {
  const url = req.url ?? "/";
  const q = url.indexOf("?");
  return q === -1 ? url : url.slice(0, q);
};

/**
 * Serve OpenEnv's WebSocket protocol (OPENENV §1) on an existing node http server: one session
 * per connection, strictly one reply per request in order, no unsolicited frames.
 *
 * Keepalive: `ws` answers client pings by itself (autoPong), so Python clients that ping every
 * 20 s stay connected while the caller is busy generating. The server sends no pings of its
 * own: a server heartbeat shorter than a slow LLM turn would drop healthy sessions, and idle
 * sockets are reclaimed by the session service's TTL instead.
 */
export function attachOpenEnvWebSocket(
  server: Server,
  service: SessionService,
  opts: OpenEnvWebSocketOptions = {},
): OpenEnvWebSocket {
  const path = opts.path ?? "/ws";
  const wss = new WebSocketServer({
    noServer: true,
    maxPayload: opts.maxPayloadBytes ?? DEFAULT_WS_MAX_PAYLOAD,
    autoPong: true,
    perMessageDeflate: false,
  });
  const connections = new Set<Promise<void>>();

  const onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    if (pathOf(req) !== path) {
      // Another listener may own this path; answer 404 only when nobody else will.
      if (server.listenerCount("upgrade") > 1) return;
      socket.end("HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n");
      return;
    }
    const admission = opts.admit?.(req) ?? { ok: true };
    if (!admission.ok) {
      refuseUpgrade(socket, admission);
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => {
      const release = admission.hold?.();
      const finished = serveConnection(ws, service, {
        maxBuffered: opts.maxBufferedBytes ?? DEFAULT_WS_MAX_BUFFERED,
        log: opts.logger ?? silentLogger,
        mcp: opts.mcp ?? null,
      });
      connections.add(finished);
      void finished.then(() => {
        connections.delete(finished);
        release?.();
      });
    });
  };
  server.on("upgrade", onUpgrade);

  return {
    async close() {
      server.off("upgrade", onUpgrade);
      for (const ws of wss.clients) ws.close(1001, "server shutting down");
      await Promise.all([...connections]);
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}

interface ConnectionLimits {
  maxBuffered: number;
  log: Logger;
  mcp: McpFrameHandler | null;
}

function rawText(data: RawData, isBinary: boolean): string | null {
  if (isBinary) return null;
  if (Array.isArray(data)) return Buffer.concat(data).toString("utf8");
  if (data instanceof ArrayBuffer) return Buffer.from(data).toString("utf8");
  return data.toString("utf8");
}

/** Resolves when the connection is gone and its session released. */
function serveConnection(ws: WebSocket, service: SessionService, limits: ConnectionLimits): Promise<void> {
  const queue = new SerialQueue();
  // The connection's own token: its session answers only calls that carry it.
  const channel = {};
  let ending = false;
  let sessionId: string | null = null;

  const send = (frame: Outgoing): void => {
    if (ws.readyState !== ws.OPEN) return;
    ws.send(JSON.stringify(frame));
    if (ws.bufferedAmount <= limits.maxBuffered) return;
    // The client is not reading: stop answering it. Frames still queued are skipped (the socket
    // is no longer open); ws destroys the socket if the close handshake does not finish.
    ending = true;
    limits.log.warn("websocket closed: client not reading its replies", {
      buffered_bytes: ws.bufferedAmount,
      limit_bytes: limits.maxBuffered,
    });
    ws.close(CLOSE_SLOW_READER, "reply buffer full: read your replies");
  };
  let resolveDone: () => void = () => undefined;
  const done = new Promise<void>((r) => {
    resolveDone = r;
  });

  const release = () => {
    ending = true;
    // Queued after in-flight work so a step never races its own session's teardown.
    void queue
      .push(async () => {
        if (sessionId !== null) {
          try {
            await service.close(sessionId, channel);
          } catch {
            // Already gone (idle eviction or server shutdown): nothing left to free.
          }
        }
      })
      .then(resolveDone);
  };
  ws.on("close", release);
  ws.on("error", () => ws.terminate());

  try {
    sessionId = service.openSession(channel);
  } catch (e) {
    ending = true;
    send(connectFailure(e, service));
    ws.close(1000);
    return done;
  }

  // Frames received but not yet answered. Past MAX_WAITING_FRAMES the socket stops being read
  // (TCP pushes back on the sender) until half of them are answered, so a client that floods
  // frames costs a bounded queue, not one closure per frame it manages to send.
  let waiting = 0;
  let paused = false;
  const answered = () => {
    waiting--;
    if (paused && waiting <= MAX_WAITING_FRAMES / 2) {
      paused = false;
      ws.resume();
    }
  };

  ws.on("message", (data, isBinary) => {
    if (ending) return;
    const frame = parseClientFrame(rawText(data, isBinary));
    if (frame.type === "rejected" && frame.fatal) ending = true;
    if (frame.type === "close") ending = true;
    if (++waiting >= MAX_WAITING_FRAMES && !paused) {
      paused = true;
      ws.pause();
    }
    void queue.push(async () => {
      try {
        // Closed while this frame waited (a slow reader): nobody will read its answer.
        if (ws.readyState !== ws.OPEN) return;
        if (frame.type === "rejected") {
          send(frame.frame);
          if (frame.fatal) ws.close(1000);
          return;
        }
        if (frame.type === "close") {
          ws.close(1000);
          return;
        }
        send(await answer(frame, service, sessionId as string, channel, limits.mcp));
      } finally {
        answered();
      }
    });
  });
  return done;
}

function connectFailure(e: unknown, service: SessionService): WsErrorFrame {
  if (asServiceError(e)?.code === "CAPACITY_REACHED") {
    const { active_sessions, max_sessions } = service.capacity();
    return errorFrame(
      "CAPACITY_REACHED",
      `Server at capacity: ${active_sessions}/${max_sessions} sessions active. Cannot accept new connections.`,
      { active_sessions, max_sessions },
    );
  }
  return errorFrame("FACTORY_ERROR", `Environment factory '${FACTORY_NAME}' failed to create instance.`, {
    factory_name: FACTORY_NAME,
  });
}

/** A failure while the environment handled a frame, as the taxonomy routes it to the WS. */
function executionError(e: unknown): WsErrorFrame {
  const known = asServiceError(e);
  if (known === null) return errorFrame("EXECUTION_ERROR", e instanceof Error ? e.message : String(e));
  // OpenEnv's frame carries code and message only; storage trouble alone adds `reason`, since a
  // client should retry it later rather than treat the episode as failed.
  const retryable = known.code === "STORAGE_FULL" || known.code === "STORAGE_UNAVAILABLE";
  const extras = retryable ? { reason: known.code } : {};
  return errorFrame(known.route.ws, known.message, extras);
}

async function answer(
  frame: Exclude<ClientFrame, { type: "close" }>,
  service: SessionService,
  sessionId: string,
  channel: object,
  mcp: McpFrameHandler | null,
): Promise<Outgoing> {
  try {
    switch (frame.type) {
      case "reset": {
        // The connection owns its session: a session_id in the payload never redirects it.
        const { session_id: _ignored, ...kwargs } = frame.data;
        const parsed = ResetRequest.safeParse(kwargs);
        if (!parsed.success) return validationFrame(toPydanticErrors(parsed.error, kwargs));
        return observationFrame(await service.reset({ ...parsed.data, session_id: sessionId }, channel));
      }
      case "step": {
        const parsed = Action.safeParse(frame.data);
        if (!parsed.success) return validationFrame(toPydanticErrors(parsed.error, frame.data));
        return observationFrame(await service.step({ session_id: sessionId, action: parsed.data }, channel));
      }
      case "state":
        return stateFrame(service.state(sessionId, channel));
      case "mcp":
        if (mcp === null) return errorFrame("UNKNOWN_TYPE", "Unknown message type: mcp");
        return { type: "mcp", data: await mcp(frame.data, service, sessionId, channel) };
    }
  } catch (e) {
    return executionError(e);
  }
}
