import { STATUS_CODES } from "node:http";
import type { Duplex } from "node:stream";

/**
 * What the server decides about a WebSocket upgrade before accepting it: go ahead, or refuse
 * with an HTTP status and a JSON body. `hold` runs once the connection is open (a handshake
 * can still fail after admission) and returns what to run when it ends.
 */
export type UpgradeAdmission =
  | { ok: true; hold?: () => () => void }
  | { ok: false; status: number; body: unknown; headers?: Record<string, string> };

/** Answer a refused upgrade as a plain HTTP response and hang up. */
export function refuseUpgrade(socket: Duplex, a: Extract<UpgradeAdmission, { ok: false }>): void {
  const body = JSON.stringify(a.body);
  const head = [
    `HTTP/1.1 ${a.status} ${STATUS_CODES[a.status] ?? "Error"}`,
    "Content-Type: application/json",
    `Content-Length: ${Buffer.byteLength(body)}`,
    "Connection: close",
    ...Object.entries(a.headers ?? {}).map(([k, v]) => `${k}: ${v}`),
  ];
  socket.end(`${head.join("\r\n")}\r\n\r\n${body}`);
}
