/**
 * Every way an action can be refused by a market. The domain throws these before it changes
 * anything, so a refused action leaves the market exactly as it was; the shell maps each
 * code to one HTTP status (see MARKET_ERROR_STATUS) and never has to guess from a message.
 */
export type MarketErrorCode =
  | "UNKNOWN_AGENT"
  | "NOT_ENGAGED"
  | "ALREADY_DECIDED"
  | "LATE"
  | "MARKET_CLOSED"
  | "THREAD_CLOSED"
  | "OVERSIZE"
  | "INVALID"
  | "REVISIONS_EXHAUSTED"
  | "ALREADY_QUALIFIED"
  | "UNKNOWN_SUBMISSION";

export class MarketError extends Error {
  constructor(
    readonly code: MarketErrorCode,
    message: string,
  ) {
    super(message);
    this.name = "MarketError";
  }
}

/** The status the shell answers with; kept beside the codes so a new code cannot go unmapped. */
export const MARKET_ERROR_STATUS: Record<MarketErrorCode, number> = {
  UNKNOWN_AGENT: 403,
  NOT_ENGAGED: 403,
  ALREADY_DECIDED: 409,
  LATE: 409,
  MARKET_CLOSED: 409,
  THREAD_CLOSED: 409,
  OVERSIZE: 413,
  INVALID: 422,
  REVISIONS_EXHAUSTED: 409,
  ALREADY_QUALIFIED: 409,
  UNKNOWN_SUBMISSION: 404,
};
