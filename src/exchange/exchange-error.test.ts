import { describe, expect, it } from "vitest";
import { MARKET_ERROR_STATUS, MarketError } from "../../markets/errors";
import { ERROR_ROUTES } from "../wire/errors";
import { asExchangeError } from "./exchange-error";

describe("exchange errors", () => {
  it("every market refusal answers with the domain's own status through the one taxonomy", () => {
    for (const [code, status] of Object.entries(MARKET_ERROR_STATUS)) {
      expect(ERROR_ROUTES[code as keyof typeof ERROR_ROUTES]?.http).toBe(status);
      expect(asExchangeError(new MarketError(code as never, "x"))?.status).toBe(status);
    }
    expect(asExchangeError(new Error("boom"))).toBeNull();
  });
});
