/**
 * What the server decides about a connection before accepting it (a WebSocket upgrade): go
 * ahead, or refuse with an HTTP status and a JSON body. The access rules (HTTP) decide it and
 * the WebSocket transport applies it, so it lives here, between them. `hold` runs once the
 * connection is open (a handshake can still fail after admission) and returns what to run when
 * it ends.
 */
export type UpgradeAdmission =
  | { ok: true; hold?: () => () => void }
  | { ok: false; status: number; body: unknown; headers?: Record<string, string> };
