import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { DOCS_POLICY } from "../../openapi/docs-route";
import { startTestServer, type TestServer } from "../../testing/test-server";
import { originAllowed } from "./origin-guard";

const LISTED = "https://trainer.example";
const EVIL = "https://evil.example";
let srv: TestServer;

beforeAll(async () => {
  srv = await startTestServer({ corsOrigins: [LISTED] });
});
afterAll(async () => {
  await srv.close();
});

describe("originAllowed", () => {
  it("allows no Origin, listed origins, * and the server's own host; refuses the rest", () => {
    expect(originAllowed(undefined, ["a:1"], [])).toBe(true);
    expect(originAllowed("https://a.example/", ["x"], ["HTTPS://A.example"])).toBe(true);
    expect(originAllowed(EVIL, ["x"], ["*"])).toBe(true);
    expect(originAllowed("http://127.0.0.1:8000", ["127.0.0.1:8000"], [])).toBe(true);
    expect(originAllowed("https://me.hf.space", ["10.0.0.2:7860", "me.hf.space"], [])).toBe(true);
    expect(originAllowed(EVIL, ["127.0.0.1:8000", undefined], [LISTED])).toBe(false);
    expect(originAllowed("http://127.0.0.1:9999", ["127.0.0.1:8000"], [])).toBe(false);
    expect(originAllowed("null", ["127.0.0.1:8000"], [])).toBe(false);
    // Behind a proxy that rewrote Host, the browser's Sec-Fetch-Site still vouches for the page.
    expect(originAllowed("https://me.hf.space", ["10.0.0.2:7860"], [], "same-origin")).toBe(true);
    expect(originAllowed(EVIL, ["10.0.0.2:7860"], [], "cross-site")).toBe(false);
  });
});

describe("cross-site requests (issue 10, item 12)", () => {
  const counts = () => srv.store.counts();
  const send = (path: string, origin: string | null, type: string, body: string) =>
    fetch(`${srv.url}${path}`, {
      method: "POST",
      headers: { "content-type": type, ...(origin === null ? {} : { origin }) },
      body,
    });

  it("a simple POST from a foreign Origin is a 403 FORBIDDEN_ORIGIN and creates nothing", async () => {
    const before = counts();
    const live = srv.service.capacity().active_sessions;
    for (const type of ["text/plain", "application/x-www-form-urlencoded", "application/json"]) {
      for (const path of ["/reset", "/batch/reset", "/mcp"]) {
        const r = await send(path, EVIL, type, '{"seed":1}');
        expect(r.status).toBe(403);
        expect(((await r.json()) as { error: { code: string } }).error.code).toBe("FORBIDDEN_ORIGIN");
      }
    }
    expect(counts()).toEqual(before);
    expect(srv.service.capacity().active_sessions).toBe(live);
  });

  it("no Origin, the server's own origin and a CORS_ORIGINS entry are served", async () => {
    for (const origin of [null, srv.url, LISTED]) {
      const r = await send("/reset", origin, "application/json", '{"seed":1}');
      expect(r.status).toBe(200);
      const { session_id } = (await r.json()) as { session_id: string };
      expect((await srv.post("/close", { session_id })).status).toBe(200);
    }
  });

  it("reads stay open to any origin", async () => {
    const r = await fetch(`${srv.url}/tasks`, { headers: { origin: EVIL } });
    expect(r.status).toBe(200);
  });

  it("a WebSocket handshake from a foreign Origin is refused with 403; the own origin connects", async () => {
    const wsUrl = `${srv.url.replace("http", "ws")}/ws`;
    const live = srv.service.capacity().active_sessions;
    const status = await new Promise<number>((resolve) => {
      const ws = new WebSocket(wsUrl, { origin: EVIL });
      ws.on("unexpected-response", (_req, res) => resolve(res.statusCode ?? 0));
      ws.on("open", () => resolve(101));
      ws.on("error", () => undefined);
    });
    expect(status).toBe(403);
    expect(srv.service.capacity().active_sessions).toBe(live);
    const own = new WebSocket(wsUrl, { origin: srv.url });
    await new Promise((resolve, reject) => {
      own.once("open", resolve);
      own.once("error", reject);
    });
    own.close();
  });
});

describe("/docs security headers", () => {
  it("carries /web's headers; scripts stay same-origin files, only styles may be inline (Scalar)", async () => {
    const r = await fetch(`${srv.url}/docs`);
    expect(r.status).toBe(200);
    const csp = r.headers.get("content-security-policy") ?? "";
    expect(csp).toBe(DOCS_POLICY);
    expect(csp).toContain("default-src 'self'");
    // Scalar inserts <style> elements at run time; scripts stay same-origin files only.
    expect(csp).toContain("script-src 'self';");
    expect(csp).not.toMatch(/script-src[^;]*(unsafe|https?:)/);
    expect(csp).toContain("connect-src 'self';");
    expect(r.headers.get("x-content-type-options")).toBe("nosniff");
    expect(r.headers.get("referrer-policy")).toBe("no-referrer");
    const html = await r.text();
    expect(html).not.toMatch(/<script(?![^>]*\b(src="\/|type="application\/json"))/);
    expect(html).not.toMatch(/<style|\sstyle=/);
  });
});
