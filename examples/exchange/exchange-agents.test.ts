import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eventually } from "../../src/exchange/testing/exchange-http";
import { runProcess } from "../../src/testing/run-process";
import { startTestServer, type TestServer } from "../../src/testing/test-server";

const script = (name: string) => fileURLToPath(new URL(name, import.meta.url));

let srv: TestServer;
beforeAll(async () => {
  srv = await startTestServer();
});
afterAll(async () => {
  await srv.close();
});

describe("examples/exchange (Python, standard library only)", () => {
  it("two remote agents and a requester: the market fills, the ledger balances", async () => {
    const probe = await runProcess("python3", ["--version"]);
    if (probe.code === null) {
      console.warn("python3 is not available; examples/exchange was not run.");
      return;
    }
    const agent = (name: string, extra: string[]) =>
      runProcess("python3", [
        "-S",
        script("remote_agent.py"),
        "--url",
        srv.url,
        "--name",
        name,
        "--markets",
        "1",
        ...extra,
      ]);
    const strong = agent("strong", ["--share", "0.8", "--skill", "1.0"]);
    const weak = agent("weak", ["--share", "0.6", "--skill", "0.2"]);
    // The requester's market is offered to the agents registered when it opens.
    await eventually(async () => (srv.exchange.registry.active().length >= 2 ? true : undefined), 10_000);
    const req = await runProcess("python3", [
      "-S",
      script("requester.py"),
      "--url",
      srv.url,
      "--seconds",
      "4",
    ]);
    const [s, w] = await Promise.all([strong, weak]);
    expect(req.stderr).toBe("");
    expect(req.code).toBe(0);
    expect(req.stdout).toMatch(/^closed: filled$/m);
    expect(req.stdout.match(/^ {2}winner /gm)).toHaveLength(2);
    expect(s.code).toBe(0);
    expect(s.stdout).toMatch(/WON at 400\.00/);
    expect(w.code).toBe(0);
    // The weak pitch failed the bar, the judge's feedback named what was missing, the revision won.
    expect(w.stdout).toMatch(/scored \d+, revised \(200\)/);
    expect(w.stdout).toMatch(/WON at 300\.00/);
    expect(srv.exchange.store.reconcile()).toMatchObject({ balanced: true, entries: 2 });
  }, 40_000);
});
