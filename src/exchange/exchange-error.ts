import { MarketError } from "../../markets/errors";
import { ERROR_ROUTES, type ErrorCode, type ErrorRoute } from "../wire/errors";

/**
 * A refusal from the exchange. Its status comes from the one error taxonomy (ERROR_ROUTES in
 * src/wire/errors.ts), so HTTP, WS and MCP answer the same way without importing one another.
 * Domain refusals (MarketError) keep their code; the taxonomy's statuses for those codes equal
 * the domain's MARKET_ERROR_STATUS (exchange-error.test.ts).
 */
export class ExchangeError extends Error {
  readonly status: ErrorRoute["http"];

  constructor(
    readonly code: ErrorCode,
    message: string,
  ) {
    super(message);
    this.name = "ExchangeError";
    this.status = ERROR_ROUTES[code].http;
  }
}

export const unauthorized = (): ExchangeError =>
  new ExchangeError(
    "UNAUTHORIZED",
    "Send a valid, unrevoked agent token in X-Agent-Token (POST /agents gives one).",
  );

export const marketNotFound = (id: string): ExchangeError =>
  new ExchangeError("MARKET_NOT_FOUND", `No market ${JSON.stringify(id.slice(0, 128))}.`);

/** Seconds a client is told to wait when another replica holds the exchange. */
export const EXCHANGE_RETRY_AFTER_S = 1;

/** This replica does not run the exchange (Postgres: another one holds its lease, exchange-host.ts). */
export const exchangeElsewhere = (): ExchangeError =>
  new ExchangeError(
    "EXCHANGE_ELSEWHERE",
    "Another replica runs the exchange (or is taking it over); retry after Retry-After.",
  );

/** Market refusals keep their domain code; anything else is not an ExchangeError and stays a 500. */
export function asExchangeError(err: unknown): ExchangeError | null {
  if (err instanceof ExchangeError) return err;
  if (err instanceof MarketError) return new ExchangeError(err.code, err.message);
  return null;
}
