/// <reference lib="dom" />
/**
 * A real browser watches the exchange: the arena page follows the public tape (SSE) from a
 * real server while agents trade over HTTP, showing markets as they open, settle and close,
 * and the cash leaderboard. Checks: a market opened while the page is open appears without
 * reloading, its winner and price show, the leaderboard lists the winner, nothing private
 * (pitches, losing quotes) reaches the page, no console errors, no sideways scroll at 390 px.
 * Not part of `npm test`: run `npm run test:browser`.
 */
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium } from "playwright-core";
import { DEFAULT_CONFIG } from "../../src/config/config";
import { GOOD_PITCH, registerAgent, TERMS, WEAK_PITCH } from "../../src/exchange/testing/exchange-http";
import { silentLogger } from "../../src/log/logger";
import { startServer } from "../../src/transport/server";
import { CHROMIUM, FLAGS, runSuite, SHOTS } from "./browser";

runSuite(async (pass) => {
  const server = await startServer(
    { ...DEFAULT_CONFIG, port: 0, host: "127.0.0.1", db: ":memory:", logLevel: "silent" },
    { logger: silentLogger, drainMs: 500, env: {} },
  );
  const profile = mkdtempSync(join(tmpdir(), "bazaar-arena-profile-"));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: FLAGS,
    viewport: { width: 1280, height: 800 },
  });
  const problems: string[] = [];
  try {
    const req = await registerAgent(server.url, "requester");
    const asha = await registerAgent(server.url, "asha");
    const bilal = await registerAgent(server.url, "bilal");
    // One market settles before the page opens: the stream's replay must show it.
    const first = (await req.post("/markets/requests", { terms: TERMS, duration_ms: 60_000 })).body.market_id;
    await asha.post("/markets/act", { market_id: first, action: { type: "engage" } });
    await asha.post("/markets/act", {
      market_id: first,
      action: { type: "submit", price: 40_000, pitch: GOOD_PITCH },
    });
    await server.exchange.exchange.idle();

    const page = context.pages()[0] ?? (await context.newPage());
    page.on("pageerror", (e) => problems.push(`page error: ${e.message}`));
    page.on("console", (m) => {
      if (m.type() === "error" || m.type() === "warning") problems.push(`console ${m.type()}: ${m.text()}`);
    });
    const res = await page.goto(`${server.url}/web/arena`);
    assert.match(res?.headers()["content-security-policy"] ?? "", /default-src 'self'/);
    await page.locator(`li[data-market="${first}"] .wins li`).waitFor();
    assert.match((await page.locator(`li[data-market="${first}"]`).textContent()) ?? "", /₹400/);
    pass("the arena replays the tape: a market settled before the page opened shows its winner and price");

    await page.locator("#leaders tr", { hasText: "asha" }).waitFor();
    assert.match((await page.locator("#leaders tr", { hasText: "asha" }).textContent()) ?? "", /₹400/);
    assert.match((await page.locator("#ledger").textContent()) ?? "", /balanced/);
    pass("the leaderboard lists the winner with its net, and the ledger check reads balanced");

    const rated = page.locator(`#ratings tr[data-agent="${asha.agent_id}"][data-role="request_seller"]`);
    await rated.waitFor();
    assert.match((await rated.textContent()) ?? "", /asha ★/);
    assert.match((await rated.textContent()) ?? "", /80 %/);
    pass(
      "the public ratings show the winner with its capture (80 % of the public max price) and the frontier star",
    );

    // Live: a second market opens, a losing pitch is submitted, and it closes with one winner.
    const second = (
      await req.post("/markets/requests", { terms: { ...TERMS, top_n: 1 }, duration_ms: 60_000 })
    ).body.market_id;
    await page.locator(`li[data-market="${second}"]`, { hasText: "open" }).waitFor();
    await bilal.post("/markets/act", { market_id: second, action: { type: "engage" } });
    await bilal.post("/markets/act", {
      market_id: second,
      action: { type: "submit", price: 100, pitch: WEAK_PITCH },
    });
    await asha.post("/markets/act", { market_id: second, action: { type: "engage" } });
    await asha.post("/markets/act", {
      market_id: second,
      action: { type: "submit", price: 20_000, pitch: GOOD_PITCH },
    });
    await page.locator(`li[data-market="${second}"]`, { hasText: "closed: filled" }).waitFor();
    await page.locator(`li[data-market="${second}"] .wins li`, { hasText: "asha at ₹200" }).waitFor();
    await page.locator("#ledger", { hasText: "2 entries, balanced" }).waitFor();
    await page.locator("#leaders tr", { hasText: "₹600" }).waitFor();
    pass(
      "a market opened while the page is open appears live, settles and closes; the board follows without a reload",
    );

    const text = (await page.locator("body").textContent()) ?? "";
    assert.ok(
      !text.includes(WEAK_PITCH.slice(0, 30)) && !text.includes(GOOD_PITCH.slice(0, 30)),
      "no pitch on the page",
    );
    assert.ok(!text.includes("₹1 "), "no losing quote on the page");
    pass("nothing private reaches the page: no pitches, no losing quotes");
    await page.screenshot({ path: join(SHOTS, "arena.png"), fullPage: true });

    const report = await context.newPage();
    report.on("console", (m) => {
      if (m.type() === "error" || m.type() === "warning")
        problems.push(`report console ${m.type()}: ${m.text()}`);
    });
    const rep = await report.goto(`${server.url}/markets/report`);
    assert.match(rep?.headers()["content-security-policy"] ?? "", /default-src 'self'/);
    await report
      .locator('section[data-role="request_seller"] svg path title', { hasText: "Pareto front" })
      .waitFor({ state: "attached" });
    assert.ok((await report.locator('section[data-role="request_seller"] circle').count()) >= 1);
    const reportText = (await report.locator("body").textContent()) ?? "";
    assert.ok(!reportText.includes(WEAK_PITCH.slice(0, 30)), "no pitch in the report");
    await report.screenshot({ path: join(SHOTS, "arena-report.png"), fullPage: true });
    await report.close();
    pass("the report page draws each role's Pareto frontier under the strict CSP, with nothing private");

    const board = await context.newPage();
    board.on("console", (m) => {
      if (m.type() === "error" || m.type() === "warning")
        problems.push(`leaderboard console ${m.type()}: ${m.text()}`);
    });
    await board.goto(`${server.url}/web/leaderboard#markets`);
    await board.locator(`#market-ratings tr[data-agent="${asha.agent_id}"]`).waitFor();
    assert.equal(await board.locator("#tab-markets").getAttribute("aria-selected"), "true");
    assert.equal(await board.locator("#panel-eval").isHidden(), true);
    await board.screenshot({ path: join(SHOTS, "leaderboard-markets.png"), fullPage: true });
    await board.locator("#tab-eval").click();
    assert.equal(await board.locator("#panel-markets").isHidden(), true);
    await board.close();
    pass("the leaderboard's markets tab shows the same public ratings, and the tabs switch");

    await page.setViewportSize({ width: 390, height: 844 });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 0, `no sideways scrolling at 390 px (overflow ${overflow})`);
    await page.screenshot({ path: join(SHOTS, "arena-phone.png"), fullPage: true });
    pass("no sideways scrolling at 390 px");
    assert.deepEqual(problems, [], "no console errors or page errors");
    pass("no console errors or page errors");
  } finally {
    await context.close();
    await server.close();
    rmSync(profile, { recursive: true, force: true });
  }
});
