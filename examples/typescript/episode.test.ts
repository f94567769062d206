import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type LiveBackend, startRealServer } from "../../src/testing/backends";
import { runProcess } from "../../src/testing/run-process";

let server: LiveBackend;
beforeAll(async () => {
  server = await startRealServer();
});
afterAll(() => server.close());

describe("examples/typescript/episode.ts", () => {
  it("plays a whole episode against the live server and closes its session", async () => {
    const example = fileURLToPath(new URL("episode.ts", import.meta.url));
    const r = await runProcess(process.execPath, ["--import", "tsx", example, server.url]);
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^buying .+ \(budget ₹\d+/m);
    expect(r.stdout).toMatch(/^round 1: buyer ₹\d/m);
    expect(r.stdout).toMatch(/^outcome: (deal|walk|expired) at /m);
    // The price in the deal notice is the price the outcome line prints (one formatter).
    const agreed = /^outcome: deal at (₹[\d,.]+)$/m.exec(r.stdout)?.[1];
    if (agreed !== undefined) expect(r.stdout).toContain(`Deal closed at ${agreed}.`);
    expect(r.stdout).toMatch(/^score: \d/m);
    expect(server.service.capacity().active_sessions).toBe(0);
  });
});
