import { MARKET_ERROR_STATUS, MarketError } from "../../markets/errors";
import type { ErrorCode } from "../wire/errors";

/**
 * A refusal from the exchange, already carrying its status, so HTTP, WS and MCP answer the same
 * way without importing one another. Domain refusals (MarketError) map through the domain's own
 * MARKET_ERROR_STATUS table.
 */
export class ExchangeError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 409 | 413 | 422 | 503,
    readonly code: ErrorCode,
    message: string,
  ) {
    super(message);
    this.name = "ExchangeError";
  }
}

export const unauthorized = (): ExchangeError =>
  new ExchangeError(
    401,
    "UNAUTHORIZED",
    "Send a valid, unrevoked agent token in X-Agent-Token (POST /agents gives one).",
  );

export const marketNotFound = (id: string): ExchangeError =>
  new ExchangeError(404, "MARKET_NOT_FOUND", `No market ${JSON.stringify(id.slice(0, 128))}.`);

/** Market refusals keep their domain code; anything else is not an ExchangeError and stays a 500. */
export function asExchangeError(err: unknown): ExchangeError | null {
  if (err instanceof ExchangeError) return err;
  if (err instanceof MarketError)
    return new ExchangeError(MARKET_ERROR_STATUS[err.code] as ExchangeError["status"], err.code, err.message);
  return null;
}
