import { afterAll, beforeAll } from "vitest";
import type { ServerConfig } from "../../config/config";
import { startTestServer, type TestServer } from "../../testing/test-server";
import { type AgentClient, registerAgent } from "./exchange-http";

export interface ExchangeFixture {
  srv: TestServer;
  /** Registered first: opens the markets, so it is on no roster of its own. */
  req: AgentClient;
  a: AgentClient;
  b: AgentClient;
}

/**
 * The real server on an ephemeral port for one test file, with a requester and two agents
 * registered before anything else. Read the fields inside tests (they are set in beforeAll).
 */
export function useExchangeServer(overrides: Partial<ServerConfig> = {}): ExchangeFixture {
  const fx = {} as ExchangeFixture;
  beforeAll(async () => {
    fx.srv = await startTestServer(overrides);
    fx.req = await registerAgent(fx.srv.url, "requester");
    fx.a = await registerAgent(fx.srv.url, "alpha");
    fx.b = await registerAgent(fx.srv.url, "beta");
  });
  afterAll(async () => {
    await fx.srv.close();
  });
  return fx;
}
