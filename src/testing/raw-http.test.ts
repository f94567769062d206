import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RawHttpConnection } from "./raw-http";

let server: Server;
let base = "";
const sockets = new Set<string>();

beforeAll(async () => {
  server = createServer((req, res) => {
    sockets.add(`${req.socket.remotePort}`);
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      if (req.url === "/chunked") {
        res.writeHead(200, { "content-type": "application/json" });
        res.write('{"a":');
        setTimeout(() => res.end('"ü"}'), 5);
      } else if (req.url === "/busy") {
        res.writeHead(503, { "retry-after": "2", "content-length": 2 }).end("{}");
      } else if (req.url === "/bye") {
        res.writeHead(200, { connection: "close", "content-length": 4 }).end("done");
      } else if (req.url === "/drop") {
        req.socket.destroy();
      } else {
        const text = JSON.stringify({ method: req.method, got: body === "" ? null : JSON.parse(body) });
        res.writeHead(200, { "content-length": Buffer.byteLength(text) }).end(text);
      }
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

describe("a lean keep-alive HTTP connection for load generators", () => {
  it("posts JSON and reads answers by content-length over one socket", async () => {
    const c = RawHttpConnection.forUrl(base);
    sockets.clear();
    const big = { text: "é".repeat(50_000) };
    const a = await c.post("/echo", { x: 1 });
    const b = await c.post("/echo", big);
    const g = await c.send("GET", "/echo");
    expect(JSON.parse(a.text)).toEqual({ method: "POST", got: { x: 1 } });
    expect(JSON.parse(b.text).got).toEqual(big);
    expect(JSON.parse(g.text)).toEqual({ method: "GET", got: null });
    expect(sockets.size).toBe(1);
    c.close();
  });

  it("reads chunked bodies, status and Retry-After, and reopens a connection the server closed", async () => {
    const c = RawHttpConnection.forUrl(base);
    expect(JSON.parse((await c.post("/chunked", {})).text)).toEqual({ a: "ü" });
    expect(await c.post("/busy", {})).toEqual({ status: 503, retryAfter: "2", text: "{}" });
    expect((await c.post("/bye", {})).text).toBe("done");
    expect((await c.post("/echo", { again: true })).status).toBe(200);
    c.close();
  });

  it("rejects when the connection drops mid-request, then works again; refuses overlapping requests", async () => {
    const c = RawHttpConnection.forUrl(base);
    await expect(c.post("/drop", {})).rejects.toThrow(/closed|ECONNRESET/);
    expect((await c.post("/echo", {})).status).toBe(200);
    const first = c.post("/echo", {});
    await expect(c.post("/echo", {})).rejects.toThrow(/one request at a time/);
    expect((await first).status).toBe(200);
    c.close();
  });
});
