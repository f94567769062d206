/// <reference lib="dom" />
/**
 * A real browser plays haggles through the UI against the real server (SQLite in memory,
 * ephemeral port on 127.0.0.1), replays one, asks a what-if and plays a career hand-over,
 * checking what a person would see: the newest turn inside its box, a cue's tooltip on screen,
 * no sideways scrolling at 390 px, no console errors on any page. Screenshots go to
 * web/e2e/screenshots/ (gitignored). Not part of `npm test`: run `npm run test:browser`.
 */
import assert from "node:assert/strict";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { buyerFromSpec } from "../../buyers/buyer-registry";
import { inProcessSessions } from "../../eval/harness/in-process-session";
import { memoryStore } from "../../eval/harness/memory-store";
import { runEval } from "../../eval/harness/run-eval";
import { renderHtmlReport } from "../../eval/report/html-report";
import { DEFAULT_CONFIG } from "../../src/config/config";
import { silentLogger } from "../../src/log/logger";
import { startServer } from "../../src/transport/server";
import {
  DESKTOP,
  inViewOfBox,
  launchBrowser,
  overflowX,
  PHONE,
  runSuite,
  shot,
  watchProblems,
} from "./browser";
import { checkMoneyAgrees } from "./money-agrees";

async function offer(page: Page, price: number, words: string): Promise<void> {
  const before = await page.locator("#chat li.turn-buyer").count();
  await page.fill("#message", words);
  await page.fill("#price", String(price));
  await page.press("#price", "Enter");
  await page.locator("#chat li.turn-buyer").nth(before).waitFor();
}

runSuite(async (pass) => {
  const server = await startServer(
    { ...DEFAULT_CONFIG, port: 0, host: "127.0.0.1", db: ":memory:", logLevel: "silent" },
    { logger: silentLogger, drainMs: 500, env: {} },
  );
  const browser = await launchBrowser("ui");
  const { context, profile } = browser;
  const problems: string[] = [];
  try {
    const page = browser.page;
    watchProblems(page, problems);

    await page.goto(`${server.url}/`);
    assert.equal(new URL(page.url()).pathname, "/web/");
    await page.locator("#task option").first().waitFor({ state: "attached" });
    pass("/ redirects to /web/ and the stall list loads");

    const sellerValues = await page.locator("#seller option").evaluateAll((os) =>
      os.map((o) => ({
        value: (o as HTMLOptionElement).value,
        disabled: (o as HTMLOptionElement).disabled,
      })),
    );
    assert.ok(
      !sellerValues.some((o) => o.value.startsWith("llm@")),
      "the LLM template is not offered as a seller",
    );
    assert.ok(
      sellerValues.some((o) => o.value === "bazaar-deceptive@3"),
      "the newest deceptive seller is offered",
    );
    assert.ok(
      !sellerValues.some((o) => o.value === "bazaar-deceptive@1" || o.value === "bazaar-deceptive@2"),
      "superseded versions are not offered",
    );
    assert.ok(
      sellerValues.every((o) => o.value !== "" || o.disabled || o === sellerValues[0]),
      "without a backend, the LLM entry is a disabled note",
    );
    assert.match((await page.locator("#seller").textContent()) ?? "", /none configured/);
    pass("the seller menu offers only sellers that can work; LLM sellers say they are not configured");

    await page.selectOption("#task", "deceptive_seller");
    await page.fill("#seed", "1");
    await shot(page, "setup");
    await page.click("#start");
    await page.locator("#game").waitFor();
    await page.locator("#chat li.turn-seller").first().waitFor();
    assert.match((await page.locator("#item-title").textContent()) ?? "", /\S/);
    pass("a haggle opens with the seller's first line");

    const budget = Number(await page.locator("#price").getAttribute("max"));
    assert.ok(budget > 0, "the price box has the budget as its maximum");
    await page.fill("#price", String(budget * 1000));
    await page.press("#price", "Enter");
    await page.locator("#move-error", { hasText: "over your budget" }).waitFor();
    assert.equal(await page.locator("#chat li.turn-buyer").count(), 0, "nothing was sent");
    pass("an offer over the budget is stopped with a warning, not silently capped");

    for (let i = 0; i < 5; i++)
      await offer(page, 10 + i * 2, "Bhaiya, it is lovely but I only have a little on me.");
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

    const chat = page.locator("#chat");
    assert.ok(await inViewOfBox(page.locator("#chat > li").last(), chat), "the newest turn is in view");
    pass("while playing, the newest turn is in view inside the chat box");

    const newestCue = page.locator("#chat li.turn-seller").last().locator("mark.cue").last();
    const cue = (await newestCue.count()) > 0 ? newestCue : page.locator("#chat mark.cue").last();
    await cue.focus();
    const tip = page.locator("#cue-tip");
    await tip.waitFor();
    const tipBox = await tip.boundingBox();
    assert.ok(tipBox !== null && tipBox.width > 80 && tipBox.height > 14, "the tooltip has a real size");
    assert.ok(
      tipBox.x >= 0 &&
        tipBox.y >= 0 &&
        tipBox.x + tipBox.width <= DESKTOP.width &&
        tipBox.y + tipBox.height <= DESKTOP.height,
      `the tooltip is wholly on screen (${JSON.stringify(tipBox)})`,
    );
    assert.match(
      (await tip.textContent()) ?? "",
      /^(Hurry|Possible bluff|Confidence|Sympathy play|Condition): \S/,
    );
    assert.equal(await cue.getAttribute("aria-describedby"), "cue-tip");
    pass("the newest cue's tooltip shows whole, outside the chat's scroll box, and is announced");
    await shot(page, "playing-tooltip", false);
    await page.keyboard.press("Escape");
    await tip.waitFor({ state: "hidden" });
    await cue.blur();
    await cue.hover();
    await tip.waitFor();
    await page.mouse.move(2, 2);
    await tip.waitFor({ state: "hidden" });
    pass("hovering a cue shows the same tooltip; moving away hides it");

    await page.click("#accept");
    await page.locator("#result").waitFor();
    await page.locator("#result-facts dt", { hasText: "Seller's floor" }).waitFor();
    await page.locator("#result-facts dt", { hasText: "Score" }).waitFor();
    const facts = (await page.locator("#result-facts").textContent()) ?? "";
    assert.match(facts, /Agreed price\s*₹/i);
    assert.match((await page.locator("#result-detail").textContent()) ?? "", /would have gone down to ₹/);
    assert.equal(await page.locator("#chart .chart-band").count(), 1, "the hidden band shows after the end");
    assert.ok(await page.locator("#move-form").isHidden());
    assert.ok(await inViewOfBox(page.locator("#chat > li").last(), chat), "the closing turn is in view");
    const chatBox = await chat.boundingBox();
    const lastBox = await page.locator("#chat > li").last().boundingBox();
    assert.ok(
      chatBox !== null && lastBox !== null && chatBox.y + chatBox.height - (lastBox.y + lastBox.height) < 40,
      "no blank space under the last turn",
    );
    pass("at the end, the closing turn sits at the bottom of the chat box, outcome and revealed floor shown");
    await shot(page, "finished");

    await page.setViewportSize(PHONE);
    assert.ok(
      (await overflowX(page)) <= 0,
      `the finished page fits 390 px (${await overflowX(page)}px over)`,
    );
    await shot(page, "finished-phone");
    pass("the finished page fits a 390 px screen");
    await page.setViewportSize(DESKTOP);

    await page.click("#replay-link");
    await page.locator("#replay").waitFor();
    await page.locator("#replay-chat mark.cue").first().waitFor();
    const replayChat = page.locator("#replay-chat");
    const lastTurn = replayChat.locator("li").last();
    assert.match((await lastTurn.textContent()) ?? "", /accept/i);
    assert.ok(await inViewOfBox(lastTurn, replayChat), "the replay's last frame shows its last turn");
    pass("the replay opens on its last frame with the last turn in view inside its box");
    await shot(page, "replay");
    const lastLabel = (await page.locator("#round-label").textContent()) ?? "";
    await page.click("#prev");
    assert.notEqual((await page.locator("#round-label").textContent()) ?? "", lastLabel);
    assert.ok(
      await inViewOfBox(replayChat.locator("li").last(), replayChat),
      "an earlier frame shows its newest turn",
    );
    await page.focus("#round-slider");
    await page.keyboard.press("Home");
    assert.match((await page.locator("#round-label").textContent()) ?? "", /opening/i);
    await page.keyboard.press("End");
    pass("the replay steps through rounds by button and keyboard, each frame's newest turn in view");

    await page.selectOption("#cf-round", "1");
    await page.fill("#cf-price", "20");
    await page.click("#cf-form button[type=submit]");
    await page.locator("#cf-result article").nth(1).waitFor();
    const compare = (await page.locator("#cf-result").textContent()) ?? "";
    assert.match(compare, /What happened/);
    assert.match(compare, /What if, from round 1/);
    pass("a what-if from round 1 shows both outcomes side by side");
    await shot(page, "counterfactual");

    await page.setViewportSize(PHONE);
    assert.ok((await overflowX(page)) <= 0, `the replay fits 390 px (${await overflowX(page)}px over)`);
    await shot(page, "replay-phone");
    pass("the replay page fits a 390 px screen");

    const replayedId = new URL(page.url()).searchParams.get("episode") ?? "";
    await page.setViewportSize(DESKTOP);
    await page.goto(`${server.url}/web/replay`);
    const recentLink = page.locator(
      `#recent-list a[href="/web/replay?episode=${encodeURIComponent(replayedId)}"]`,
    );
    await recentLink.waitFor();
    await recentLink.click();
    await page.locator("#replay").waitFor();
    pass("the replay page lists recent finished haggles and opens one from the list");
    await shot(page, "replay-list");

    // A career: the first deal closes and the next item's conversation says so.
    await page.setViewportSize(DESKTOP);
    await page.goto(`${server.url}/web/?task=career_10`);
    await page.locator("#task option").first().waitFor({ state: "attached" });
    await page.fill("#seed", "3");
    await page.click("#start");
    await page.locator("#chat li.turn-seller").first().waitFor();
    await page.click("#accept");
    const handover = page.locator("#chat li.turn-handover");
    await handover.waitFor();
    assert.match(
      (await handover.textContent()) ?? "",
      /^Deal 1 of 10 closed: bought at ₹[\d,.]+ in 1 round \(it cost the seller ₹[\d,.]+\)\. Deal 2 starts below\.$/,
    );
    assert.match((await page.locator("#item-title").textContent()) ?? "", /deal 2 of 10/);
    assert.match(
      (await page.locator("#deals").textContent()) ?? "",
      /Deal 1: bought at ₹[\d,.]+ in 1 round /,
    );
    pass("a career hand-over shows the closed deal above the next item's opening");
    await shot(page, "career-handover");
    await page.setViewportSize(PHONE);
    assert.ok((await overflowX(page)) <= 0, `the career page fits 390 px (${await overflowX(page)}px over)`);
    await shot(page, "career-phone");

    // #17 item 5: one number in words and on the page, on the default stall (the current game).
    await page.setViewportSize(DESKTOP);
    const inWords = await checkMoneyAgrees(page, server.url, offer);
    pass(
      `words and numbers agree on the current game: the seller said ${inWords}, the facts, Accept and the deal say the same`,
    );
    await shot(page, "money-agrees");

    for (const path of ["/web/", "/web/replay", "/docs"]) {
      await page.goto(`${server.url}${path}`);
      await page.waitForLoadState("networkidle");
      assert.ok((await overflowX(page)) <= 0, `${path} fits 390 px (${await overflowX(page)}px over)`);
    }
    await shot(page, "docs-phone", false);
    assert.match((await page.locator("header.site a").first().getAttribute("href")) ?? "", /^\/web\/$/);
    pass("/web/, /web/replay and /docs fit 390 px; /docs links back to the play page");

    // The eval report: a static file, opened as a person would open it from disk.
    const run = await runEval(
      {
        runId: "browser",
        buyers: ["rule:naive", "rule:aggressive", "time:linear", "time:boulware"].map((b) =>
          buyerFromSpec(b),
        ),
        tasks: ["single_deal", "career_10", "amazon_realistic"],
        seeds: [1, 2, 3, 4, 5],
        tells: true,
      },
      {
        sessions: inProcessSessions,
        transport: "in-process",
        gitCommit: "e2e",
        concurrency: 2,
        store: memoryStore(),
      },
    );
    const reportFile = join(profile, "report.html");
    writeFileSync(reportFile, renderHtmlReport("browser", run.summary, run.units));
    await page.setViewportSize(DESKTOP);
    await page.goto(`file://${reportFile}`);
    assert.ok((await overflowX(page)) <= 0, `the report fits 1280 px (${await overflowX(page)}px over)`);
    const tableOver = await page
      .locator(".scroll")
      .first()
      .evaluate((el) => el.scrollWidth - el.clientWidth);
    assert.ok(tableOver <= 0, `the results table fits 1280 px without scrolling (${tableOver}px over)`);
    await shot(page, "report");
    await page.setViewportSize(PHONE);
    assert.ok((await overflowX(page)) <= 0, `the report fits 390 px (${await overflowX(page)}px over)`);
    pass("the eval report fits 1280 px and 390 px: wide tables scroll in their own box");

    assert.deepEqual(problems, [], "no console errors, HTTP errors or page errors on any page");
    pass("no console errors, failed requests or page errors on any page");

    // A public deployment with API keys: the page asks for a key once and then plays.
    const key = "browser-test-key-0123456789";
    const keyed = await startServer(
      { ...DEFAULT_CONFIG, port: 0, host: "127.0.0.1", db: ":memory:", logLevel: "silent", apiKeys: [key] },
      { logger: silentLogger, drainMs: 500, env: {} },
    );
    try {
      const keyedPage = await context.newPage();
      let asked = 0;
      keyedPage.on("dialog", (d) => {
        asked++;
        void d.accept(key);
      });
      await keyedPage.goto(`${keyed.url}/web/`);
      await keyedPage.locator("#task option").first().waitFor({ state: "attached" });
      await keyedPage.click("#start");
      await keyedPage.locator("#chat li.turn-seller").first().waitFor();
      assert.equal(asked, 1, "the key is asked for once and kept for the tab");
      pass("with API keys on, the page asks for a key once and then plays");
      await keyedPage.close();
    } finally {
      await keyed.close();
    }
  } finally {
    await browser.close();
    await server.close();
  }
});
