import type { AddressInfo } from "node:net";
import { createServer, type Server } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runProcess } from "../testing/run-process";
import { startServerProcess } from "../testing/server-process";

const ROOT = new URL("../..", import.meta.url).pathname;

describe("bazaar serve on a busy port", () => {
  let blocker: Server;
  let port: number;
  beforeAll(async () => {
    blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, "127.0.0.1", resolve));
    port = (blocker.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => blocker.close(() => resolve())));

  // The old behaviour never exited, so this test timed out instead of passing.
  it("names the port, says how to pick another and exits 1 at once", async () => {
    const r = await runProcess(process.execPath, [
      "--import",
      "tsx",
      `${ROOT}src/cli/main.ts`,
      "serve",
      "--port",
      String(port),
      "--host",
      "127.0.0.1",
      "--db",
      ":memory:",
    ]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`port ${port} on 127.0.0.1 is already in use`);
    expect(r.stderr).toContain("--port");
    expect(r.stderr).toContain("PORT=");
    expect(r.stderr).not.toMatch(/EADDRINUSE|\n\s+at /);
  });
});

describe("bazaar serve startup log", () => {
  it("prints where the play page and the API docs are", async () => {
    const server = await startServerProcess(["--db", ":memory:"]);
    try {
      expect(server.listening.web).toBe(`${server.url}/web/`);
      expect(server.listening.docs).toBe(`${server.url}/docs`);
    } finally {
      server.child.kill("SIGTERM");
      await new Promise((resolve) => server.child.once("exit", resolve));
    }
  });
});
