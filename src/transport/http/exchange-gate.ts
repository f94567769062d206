import { type ApiKeys, bearerKey } from "./api-keys";
import { HttpError } from "./http-errors";
import { StreamTickets } from "./stream-tickets";
import { TokenBuckets } from "./token-bucket";

/**
 * The exchange's own access rules on top of the server's API keys (docs/exchange.md, "Keyed
 * servers"): registration charged to the key that asks (429 with Retry-After beyond its
 * rate), revocation of any agent for admin keys only, and the read-only stream tickets.
 * On an open server (no API keys) registration is unmetered, as before.
 */
export interface ExchangeGate {
  /** Charge one registration to the caller's key; throws the 429. */
  admitRegistration(authorization: string | undefined): void;
  /** Throws 401 (no or wrong key, or no admin keys at all) or 403 (an ordinary API key). */
  requireAdmin(authorization: string | undefined): void;
  tickets: StreamTickets;
}

export interface GateOptions {
  /** The keys the server accepts (API and admin together), or null when it runs open. */
  keys: ApiKeys | null;
  admin: ApiKeys | null;
  registrationsPerMin: number;
  now?: () => number;
}

function noAdmin(presented: boolean): HttpError {
  const msg = presented
    ? "This route needs an admin key: the key sent is not one."
    : "This route needs an admin key: send Authorization: Bearer <admin key>.";
  return new HttpError("UNAUTHORIZED", msg, msg, undefined, {
    "WWW-Authenticate": presented
      ? 'Bearer realm="bazaar-admin", error="invalid_token"'
      : 'Bearer realm="bazaar-admin"',
  });
}

export function createExchangeGate(o: GateOptions): ExchangeGate {
  const now = o.now ?? Date.now;
  const perS = o.registrationsPerMin / 60;
  const registrations = new TokenBuckets(perS, now, Math.max(1, o.registrationsPerMin));
  return {
    tickets: new StreamTickets(now),
    admitRegistration(authorization) {
      if (o.keys === null) return;
      const presented = bearerKey(authorization);
      // The access middleware has already refused a missing or wrong key; this names it.
      const name = presented === null ? null : o.keys.identify(presented);
      if (name === null) return;
      const take = registrations.take(name);
      if (take.ok) return;
      const msg = `This API key registered its ${o.registrationsPerMin} agents for this minute; retry in ${take.retryAfterS} s.`;
      throw new HttpError(
        "RATE_LIMITED",
        msg,
        msg,
        { retry_after_s: take.retryAfterS },
        {
          "Retry-After": String(take.retryAfterS),
        },
      );
    },
    requireAdmin(authorization) {
      const presented = bearerKey(authorization);
      if (presented === null) throw noAdmin(false);
      if (o.admin !== null && o.admin.identify(presented) !== null) return;
      if (o.keys !== null && o.keys.identify(presented) !== null) {
        const msg =
          "Only an admin key may revoke another agent; an agent revokes itself with DELETE /agents/me.";
        throw new HttpError("ADMIN_REQUIRED", msg, msg);
      }
      throw noAdmin(true);
    },
  };
}
