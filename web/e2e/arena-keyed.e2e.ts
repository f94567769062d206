/// <reference lib="dom" />
/**
 * The arena on a server started with API keys, in a real browser. EventSource cannot send
 * Authorization, so the page gets a read-only stream ticket with its key and opens the tape
 * with it. Checks: the tape, the board and the ratings load with the key the page holds; a
 * market opened while the page is open appears live; the ticket shows in no request the page
 * makes except the stream itself; the stream refused without a ticket. Not part of `npm test`:
 * run `npm run test:browser`.
 */
import assert from "node:assert/strict";
import { DEFAULT_CONFIG } from "../../src/config/config";
import { clientFor, GOOD_PITCH, TERMS } from "../../src/exchange/testing/exchange-http";
import { silentLogger } from "../../src/log/logger";
import { startServer } from "../../src/transport/server";
import { AGENT_TOKEN_HEADER } from "../../src/wire/exchange";
import { launchBrowser, runSuite, shot, watchProblems } from "./browser";

const KEY = "arena-keyed-browser-key-9c2e";

runSuite(async (pass) => {
  const server = await startServer(
    { ...DEFAULT_CONFIG, port: 0, host: "127.0.0.1", db: ":memory:", logLevel: "silent", apiKeys: [KEY] },
    { logger: silentLogger, drainMs: 500, env: {} },
  );
  const browser = await launchBrowser("arena-keyed");
  const problems: string[] = [];
  const register = async (name: string) => {
    const r = await fetch(`${server.url}/agents`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${KEY}` },
      body: JSON.stringify({ name }),
    });
    const b = (await r.json()) as { agent_id: string; token: string };
    return { ...clientFor(server.url, b.agent_id, b.token), token: b.token };
  };
  const act = (token: string, path: string, body: unknown) =>
    fetch(`${server.url}${path}`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        authorization: `Bearer ${KEY}`,
        [AGENT_TOKEN_HEADER]: token,
      },
      body: JSON.stringify(body),
    }).then((r) => r.json() as Promise<{ market_id: string }>);
  try {
    const bare = await fetch(`${server.url}/markets/stream`);
    assert.equal(bare.status, 401);
    await bare.body?.cancel();
    pass("without a key or a ticket the stream is 401");

    const req = await register("requester");
    const asha = await register("asha");
    const { page, context } = browser;
    watchProblems(page, problems);
    // The key the page would have asked for once (web/api.ts keeps it for the tab).
    await context.addInitScript((k) => sessionStorage.setItem("bazaar-api-key", k), KEY);
    const urls: string[] = [];
    page.on("request", (r) => urls.push(r.url()));
    await page.goto(`${server.url}/web/arena`);
    await page.locator("#connection", { hasText: "Live" }).waitFor();
    pass("the page opens the tape on a keyed server (stream ticket from an authenticated POST)");

    const id = (await act(req.token, "/markets/requests", { terms: TERMS, duration_ms: 60_000 })).market_id;
    await page.locator(`li[data-market="${id}"]`, { hasText: "open" }).waitFor();
    await act(asha.token, "/markets/act", { market_id: id, action: { type: "engage" } });
    await act(asha.token, "/markets/act", {
      market_id: id,
      action: { type: "submit", price: 30_000, pitch: GOOD_PITCH },
    });
    await page.locator(`li[data-market="${id}"] .wins li`, { hasText: "asha at ₹300" }).waitFor();
    await page.locator("#leaders tr", { hasText: "asha" }).waitFor();
    await page.locator(`#ratings tr[data-agent="${asha.agent_id}"]`).first().waitFor();
    pass(
      "a market opened while the page is open appears live and settles; board and ratings load with the key",
    );

    const streams = urls.filter((u) => u.includes("/markets/stream?"));
    assert.ok(
      streams.length >= 1 && streams.every((u) => /[?&]ticket=st_/.test(u)),
      "the stream carries a ticket",
    );
    const elsewhere = urls.filter((u) => u.includes("ticket=st_") && !u.includes("/markets/stream?"));
    assert.deepEqual(elsewhere, [], "the ticket is sent nowhere else");
    pass("the ticket goes only to the stream; every other call carries the key in Authorization");
    await shot(page, "arena-keyed");
    assert.deepEqual(problems, [], "no console errors, page errors or failed requests");
    pass("no console errors, page errors or failed requests");
  } finally {
    await browser.close();
    await server.close();
  }
});
