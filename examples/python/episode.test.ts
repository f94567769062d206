import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type LiveBackend, startRealServer } from "../../src/testing/backends";
import { pythonCanImport, runProcess } from "../../src/testing/run-process";

const script = (name: string) => fileURLToPath(new URL(name, import.meta.url));
const tsExample = fileURLToPath(new URL("../typescript/episode.ts", import.meta.url));

let server: LiveBackend;
beforeAll(async () => {
  server = await startRealServer();
});
afterAll(() => server.close());

const roundLines = (out: string) => out.split("\n").filter((l) => /^(round|outcome|score)/.test(l));

describe("examples/python/episode.py", () => {
  it("plays a whole episode against the live server (or says requests is missing)", async () => {
    const py = await runProcess("python3", [script("episode.py"), server.url]);
    if (py.code === null) {
      // No python3 at all: the script cannot run here; its missing-module guard must still exist.
      console.warn("python3 is not available; examples/python/episode.py was not run.");
      expect(readFileSync(script("episode.py"), "utf8")).toContain("requests is not installed");
      return;
    }
    expect(py.stderr).toBe("");
    expect(py.code).toBe(0);
    if (!(await pythonCanImport("requests"))) {
      expect(py.stdout).toMatch(/requests is not installed/);
      return;
    }
    expect(py.stdout).toMatch(/^outcome: (deal|walk|expired) at /m);
    // #17 item 5: the seller's last price in words is the price the outcome line prints.
    const outcome = /^outcome: deal at (₹[\d,]+(?:\.\d{2})?)$/m.exec(py.stdout)?.[1];
    const sellerPrices = [...py.stdout.matchAll(/seller: [^\n]*?(₹[\d,]+(?:\.\d{2})?)/g)].map((m) => m[1]);
    if (outcome !== undefined) expect(sellerPrices).toContain(outcome);
    expect(py.stdout).toMatch(/^score: \d/m);
    // Same seed, same rule, same server: the TypeScript example must see the same negotiation.
    const ts = await runProcess(process.execPath, ["--import", "tsx", tsExample, server.url]);
    expect(ts.code).toBe(0);
    expect(roundLines(ts.stdout).slice(0, -1)).toEqual(roundLines(py.stdout).slice(0, -1));
  });

  it("without site-packages, prints that requests is not installed and exits 0", async () => {
    const r = await runProcess("python3", ["-S", script("episode.py"), server.url]);
    if (r.code === null) {
      console.warn("python3 is not available; the missing-requests path was not run.");
      return expect(readFileSync(script("episode.py"), "utf8")).toMatch(
        /except ImportError:[\s\S]*sys\.exit\(0\)/,
      );
    }
    expect(r.code).toBe(0);
    if (await pythonCanImport("requests", ["-S"])) {
      expect(r.stdout).toMatch(/^score: \d/m);
    } else {
      expect(r.stdout.trim()).toBe(
        "requests is not installed; run `pip install requests` to try this example.",
      );
    }
  });
});

describe("examples/python/openenv_ws.py", () => {
  it("plays an episode over /ws frames (or says websockets is missing)", async () => {
    const r = await runProcess("python3", [script("openenv_ws.py"), server.url]);
    if (r.code === null) {
      console.warn("python3 is not available; examples/python/openenv_ws.py was not run.");
      return expect(readFileSync(script("openenv_ws.py"), "utf8")).toContain("websockets is not installed");
    }
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    if (await pythonCanImport("websockets.sync.client")) {
      expect(r.stdout).toMatch(/^outcome: (deal|walk|expired) at .* after \d+ steps$/m);
      expect(server.service.capacity().active_sessions).toBe(0);
    } else {
      expect(r.stdout).toMatch(/websockets is not installed/);
    }
  });
});
