/// <reference lib="dom" />
/**
 * A real browser plays a full haggle through the UI against the real server (SQLite in
 * memory, ephemeral port on 127.0.0.1), then replays it and asks a what-if. Screenshots go to
 * /tmp/bazaar-ui-*.png. Not part of `npm test`: it needs Chromium at /usr/bin/chromium.
 */
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium, type Page } from "playwright-core";
import { DEFAULT_CONFIG } from "../../src/config/config";
import { startServer } from "../../src/http/server";
import { silentLogger } from "../../src/log/logger";

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

const shot = (page: Page, name: string) =>
  page.screenshot({ path: `/tmp/bazaar-ui-${name}.png`, fullPage: true });

async function offer(page: Page, price: number, words: string): Promise<void> {
  const before = await page.locator("#chat li.turn-buyer").count();
  await page.fill("#message", words);
  await page.fill("#price", String(price));
  await page.press("#price", "Enter");
  await page.locator("#chat li.turn-buyer").nth(before).waitFor();
}

async function main(): Promise<void> {
  const server = await startServer(
    { ...DEFAULT_CONFIG, port: 0, host: "127.0.0.1", db: ":memory:", logLevel: "silent" },
    { logger: silentLogger, drainMs: 500 },
  );
  const profile = mkdtempSync(join(tmpdir(), "bazaar-ui-profile-"));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: FLAGS,
    viewport: { width: 1280, height: 900 },
  });
  const problems: string[] = [];
  const checks: string[] = [];
  const pass = (what: string) => checks.push(what);
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    page.on("pageerror", (e) => problems.push(`page error: ${e.message}`));
    page.on("response", (r) => {
      if (r.status() >= 400) problems.push(`HTTP ${r.status()} for ${new URL(r.url()).pathname}`);
    });
    page.on("console", (m) => {
      if (m.type() === "error" || m.type() === "warning") problems.push(`console ${m.type()}: ${m.text()}`);
    });

    await page.goto(`${server.url}/`);
    assert.equal(new URL(page.url()).pathname, "/web/");
    await page.locator("#task option").first().waitFor({ state: "attached" });
    pass("/ redirects to /web/ and the stall list loads");

    await page.selectOption("#task", "deceptive_seller");
    await page.fill("#seed", "1");
    await shot(page, "setup");
    await page.click("#start");
    await page.locator("#game").waitFor();
    await page.locator("#chat li.turn-seller").first().waitFor();
    assert.match((await page.locator("#item-title").textContent()) ?? "", /\S/);
    pass("a haggle opens with the seller's first line");

    await offer(page, 25, "Bhaiya, it is a lovely scarf but I only have a little on me.");
    await offer(page, 32, "Come, meet me somewhere kind.");
    await page.locator("#tells meter").first().waitFor();
    assert.equal(await page.locator("#tells meter").count(), 6);
    assert.ok((await page.locator("#chart svg circle").count()) >= 3, "the chart plots asks and offers");
    const sellerLines = await page.locator("#chat li.turn-seller .said").allTextContents();
    let expectedCues = 0;
    for (const message of sellerLines) {
      const res = await fetch(`${server.url}/highlight`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ message }),
      });
      expectedCues += ((await res.json()) as { spans: unknown[] }).spans.length;
    }
    assert.ok(expectedCues > 0, "seed 1 makes the seller say something the cue reader catches");
    await page.waitForFunction((n) => document.querySelectorAll("#chat mark.cue").length === n, expectedCues);
    pass("offers by Enter, tells gauges, chart points and highlighted cues appear");
    await page.locator("#chat mark.cue").first().focus();
    const tip = await page.locator("#chat mark.cue").first().getAttribute("data-tip");
    assert.match(tip ?? "", /^(Hurry|Possible bluff|Confidence|Sympathy play|Condition): \S/);
    pass("a cue is reachable by keyboard and carries its explanation");
    await shot(page, "playing");

    await page.click("#accept");
    await page.locator("#result").waitFor();
    await page.locator("#result-facts dt", { hasText: "Seller's floor" }).waitFor();
    await page.locator("#result-facts dt", { hasText: "Score" }).waitFor();
    const facts = (await page.locator("#result-facts").textContent()) ?? "";
    assert.match(facts, /Agreed price\s*₹/i);
    assert.match((await page.locator("#result-title").textContent()) ?? "", /\S/);
    assert.match((await page.locator("#result-detail").textContent()) ?? "", /would have gone down to ₹/);
    assert.equal(await page.locator("#chart .chart-band").count(), 1, "the hidden band shows after the end");
    assert.ok(await page.locator("#move-form").isHidden());
    pass("accepting shows outcome, agreed price, reward, score and the revealed floor and cost");
    await shot(page, "finished");

    await page.setViewportSize({ width: 375, height: 812 });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 0, `the page fits 375 px (overflows by ${overflow}px)`);
    pass("the finished page fits a 375 px screen");
    await shot(page, "mobile");
    await page.setViewportSize({ width: 1280, height: 900 });

    await page.click("#replay-link");
    await page.locator("#replay").waitFor();
    const lastLabel = (await page.locator("#round-label").textContent()) ?? "";
    await page.click("#prev");
    assert.notEqual((await page.locator("#round-label").textContent()) ?? "", lastLabel);
    await page.focus("#round-slider");
    await page.keyboard.press("Home");
    assert.match((await page.locator("#round-label").textContent()) ?? "", /opening/i);
    pass("the replay steps through rounds by button and keyboard");
    await page.keyboard.press("End");
    await shot(page, "replay");

    await page.selectOption("#cf-round", "1");
    await page.fill("#cf-price", "20");
    await page.click("#cf-form button[type=submit]");
    await page.locator("#cf-result article").nth(1).waitFor();
    const compare = (await page.locator("#cf-result").textContent()) ?? "";
    assert.match(compare, /What happened/);
    assert.match(compare, /What if, from round 1/);
    pass("a what-if from round 1 shows both outcomes side by side");
    await shot(page, "counterfactual");

    await page.setViewportSize({ width: 375, height: 812 });
    const replayOverflow = await page.evaluate(
      () => document.documentElement.scrollWidth - window.innerWidth,
    );
    assert.ok(replayOverflow <= 0, `the replay fits 375 px (overflows by ${replayOverflow}px)`);
    await shot(page, "replay-mobile");
    pass("the replay page fits a 375 px screen");

    assert.deepEqual(problems, [], "no console errors, CSP violations or page errors");
    pass("no console errors, CSP violations or page errors");
  } finally {
    await context.close();
    await server.close();
    rmSync(profile, { recursive: true, force: true });
  }
  for (const c of checks) console.log(`ok - ${c}`);
  console.log(`${checks.length} passed, 0 failed`);
}

main().catch((err: unknown) => {
  console.error(err);
  console.log("0 passed, 1 failed");
  process.exitCode = 1;
});
