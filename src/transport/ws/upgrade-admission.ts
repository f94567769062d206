import { STATUS_CODES } from "node:http";
import type { Duplex } from "node:stream";

import type { UpgradeAdmission } from "../../wire/admission";

export type { UpgradeAdmission };

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
