import type { ChildProcess } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chunkedUpload } from "../../testing/chunked-upload";
import { processRssBytes } from "../../testing/process-rss";
import { startServerProcess } from "../../testing/server-process";

let child: ChildProcess;
let url: string;

beforeAll(async () => {
  const s = await startServerProcess(["--db", ":memory:"]);
  child = s.child;
  url = s.url;
}, 30_000);
afterAll(() => {
  if (child.exitCode === null) child.kill("SIGKILL");
});

const MB = 1024 * 1024;

async function resetOk(): Promise<void> {
  const r = await fetch(`${url}/reset`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ seed: 1 }),
  });
  expect(r.status).toBe(200);
}

describe("body limit while streaming (issue 10, item 9)", () => {
  it("a 50 MB chunked body gets a 413 and the server's memory stays near its baseline", async () => {
    for (let i = 0; i < 3; i++) await resetOk();
    const pid = child.pid as number;
    const baseline = processRssBytes(pid);
    for (const path of ["/reset", "/step", "/mcp"]) {
      const r = await chunkedUpload(`${url}${path}`, 50 * MB);
      expect(r.status).toBe(413);
      expect(JSON.parse(r.body).error.code).toBe("PAYLOAD_TOO_LARGE");
      // The server stopped reading long before the end of the upload.
      expect(r.sent).toBeLessThan(50 * MB);
    }
    const grown = processRssBytes(pid) - baseline;
    expect(grown).toBeLessThan(8 * MB);
    await resetOk();
  }, 60_000);
});
