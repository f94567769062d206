import type { ChildProcess } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { processRssBytes } from "../../testing/process-rss";
import { startServerProcess } from "../../testing/server-process";
import { WsProbe } from "../../testing/ws-probe";
import { CLOSE_SLOW_READER } from "./openenv-ws";

let child: ChildProcess;
let wsUrl: string;
let httpUrl: string;
const lines: string[] = [];

beforeAll(async () => {
  const s = await startServerProcess(["--db", ":memory:"], { onLine: (l) => lines.push(l) });
  child = s.child;
  httpUrl = s.url;
  wsUrl = `${s.url.replace("http", "ws")}/ws`;
}, 30_000);
afterAll(() => {
  if (child.exitCode === null) child.kill("SIGKILL");
});

const MB = 1024 * 1024;

describe("a WebSocket client that stops reading (issue 10, item 11)", () => {
  it("is closed with 1013 once 4 MB of replies wait for it; memory stays bounded; others are served", async () => {
    const warm = await WsProbe.open(wsUrl);
    expect((await warm.ask({ type: "reset", data: { seed: 1 } })).type).toBe("observation");
    for (let i = 0; i < 200; i++) expect((await warm.ask({ type: "state" })).type).toBe("state");
    const baseline = processRssBytes(child.pid as number);

    const slow = new WebSocket(wsUrl);
    await new Promise((resolve, reject) => {
      slow.once("open", resolve);
      slow.once("error", reject);
    });
    const closed = new Promise<number>((resolve) => slow.once("close", (code) => resolve(code)));
    slow.send(JSON.stringify({ type: "reset", data: { seed: 2 } }));
    slow.pause();
    // About 80 MB of state replies if the server answered them all.
    const frame = JSON.stringify({ type: "state" });
    for (let i = 0; i < 100_000; i++) slow.send(frame);
    await new Promise<void>((resolve) => slow.send(frame, () => resolve()));

    // Wait until the server has given up on it, then measure.
    let warned = false;
    for (let i = 0; i < 100 && !warned; i++) {
      await new Promise((r) => setTimeout(r, 100));
      warned = lines.some((l) => l.includes("client not reading its replies"));
    }
    expect(warned).toBe(true);
    const warning = JSON.parse(lines.find((l) => l.includes("client not reading")) as string);
    expect(warning.level).toBe("warn");
    // Without the cap these 100k replies grew the server by about 250 MB; with it, by ~35 MB
    // (heap growth from the frames answered before the close), and no more for 300k frames.
    expect(processRssBytes(child.pid as number) - baseline).toBeLessThan(64 * MB);

    // Another connection and plain HTTP are still served.
    expect((await warm.ask({ type: "step", data: { type: "offer", price: 10 } })).type).toBe("observation");
    const other = await WsProbe.open(wsUrl);
    expect((await other.ask({ type: "reset", data: { seed: 3 } })).type).toBe("observation");
    expect((await fetch(`${httpUrl}/health`)).status).toBe(200);

    // Reading again, the slow client gets its buffered replies and then the 1013 close.
    slow.resume();
    expect(await closed).toBe(CLOSE_SLOW_READER);
    for (const p of [warm, other]) {
      p.close();
      await p.closed();
    }
  }, 60_000);
});
