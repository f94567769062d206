import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createAdaptorServer } from "@hono/node-server";
import { Hono } from "hono";
import { registerOpenApiRoutes } from "../openapi/openapi-routes";
import type { SessionService } from "../sessions/session-service";
import { registerProtocolRoute } from "../transport/http/protocol-route";
import { mcpRoute } from "../transport/http/server";
import { attachOpenEnvWebSocket } from "../transport/ws/openenv-ws";

export interface TestServer {
  url: string;
  wsUrl: string;
  close(): Promise<void>;
}

export interface TestServerOptions {
  maxPayloadBytes?: number;
}

/**
 * The OpenEnv surface (WS, MCP, schema, OpenAPI, docs, metadata) on a real node http server
 * bound to an ephemeral port on 127.0.0.1.
 */
export async function startOpenEnvSurface(
  service: SessionService,
  opts: TestServerOptions = {},
): Promise<TestServer> {
  const app = new Hono();
  registerProtocolRoute(app, mcpRoute(service));
  registerOpenApiRoutes(app, { service, version: "0.0.0-test" });
  const server = createAdaptorServer({ fetch: app.fetch }) as Server;
  const ws = attachOpenEnvWebSocket(server, service, opts);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    wsUrl: `ws://127.0.0.1:${port}/ws`,
    async close() {
      await ws.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
