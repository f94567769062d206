import type { IncomingMessage } from "node:http";
import type { UpgradeAdmission } from "../ws/upgrade-admission";
import { errorBody } from "./http-errors";
import { foreignOrigin, originAllowed } from "./origin-guard";

const header = (req: IncomingMessage, name: string): string | undefined => {
  const v = req.headers[name];
  return Array.isArray(v) ? v[0] : v;
};

/**
 * The HTTP checks, applied to a WebSocket upgrade: a connection creates a session, so a page on
 * another site must not open one (browsers send Origin on WebSocket handshakes too).
 */
export function wsAdmission(corsOrigins: readonly string[]): (req: IncomingMessage) => UpgradeAdmission {
  return (req) => {
    const own = [header(req, "host"), header(req, "x-forwarded-host")];
    if (!originAllowed(header(req, "origin"), own, corsOrigins)) {
      const e = foreignOrigin();
      return { ok: false, status: e.status, body: errorBody(e) };
    }
    return { ok: true };
  };
}
