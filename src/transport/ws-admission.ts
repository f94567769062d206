import type { IncomingMessage } from "node:http";
import type { UpgradeAdmission } from "../wire/admission";
import { type AccessControl, admitWebSocket } from "./http/access-control";
import { errorBody } from "./http/http-errors";
import { foreignOrigin, originAllowed } from "./http/origin-guard";

const header = (req: IncomingMessage, name: string): string | undefined => {
  const v = req.headers[name];
  return Array.isArray(v) ? v[0] : v;
};

/**
 * The HTTP checks, applied to a WebSocket upgrade: a connection creates a session, so a page on
 * another site must not open one (browsers send Origin on WebSocket handshakes too), and with
 * API keys on, the connection needs a key and a free session slot of that key.
 */
export function wsAdmission(
  corsOrigins: readonly string[],
  access: AccessControl | null,
): (req: IncomingMessage) => UpgradeAdmission {
  return (req) => {
    const own = [header(req, "host"), header(req, "x-forwarded-host")];
    if (!originAllowed(header(req, "origin"), own, corsOrigins, header(req, "sec-fetch-site"))) {
      const e = foreignOrigin();
      return { ok: false, status: e.status, body: errorBody(e) };
    }
    return access === null ? { ok: true } : admitWebSocket(access, req);
  };
}
