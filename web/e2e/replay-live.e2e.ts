/// <reference lib="dom" />
/**
 * A real browser follows live games on /web/replay and replays a sale from the seller's chair
 * (real server, SQLite in memory, 127.0.0.1):
 *  - a sale opened on /web/sell is followed from its "Follow" link in a second tab, which grows
 *    as the person counters, shows the seller's own numbers but never the buyer's budget while
 *    the sale goes on, and another browser (no session) gets a "not found";
 *  - the finished sale shows the server's outcome, bonus and score and the buyer's revealed
 *    budget, and a "what if?" with a seller move plays out;
 *  - a haggle on /web is followed the same way.
 * Screenshots go to web/e2e/screenshots/. Not part of `npm test`: run `npm run test:browser`.
 */
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import {
  inViewOfBox,
  launchBrowser,
  overflowX,
  PHONE,
  runSuiteOnServer,
  shot,
  watchProblems,
} from "./browser";

const turns = (page: Page) => page.locator("#replay-chat li.turn").count();
const fact = async (page: Page, name: string) =>
  (await page
    .locator("#replay-facts div", { has: page.getByText(name, { exact: true }) })
    .locator("dd")
    .textContent()) ?? "";

/** Waits (the replay polls every 1.5 s) until the followed replay shows more turns than before. */
async function grows(page: Page, before: number): Promise<number> {
  await page.waitForFunction((n) => document.querySelectorAll("#replay-chat li.turn").length > n, before, {
    timeout: 10_000,
  });
  return turns(page);
}

runSuiteOnServer("replay-live", async ({ url, browser, problems, pass }) => {
  const stranger = await launchBrowser("replay-stranger");
  try {
    // --- a sale, followed live from a second tab ---
    const sell = browser.page;
    watchProblems(sell, problems);
    await sell.goto(`${url}/web/sell`);
    await sell.locator('#buyer option[value="boulware@1"]').waitFor({ state: "attached" });
    await sell.selectOption("#buyer", "boulware@1");
    await sell.fill("#seed", "5");
    await sell.click("#start");
    await sell.locator("#chat li").first().waitFor();
    const follow = (await sell.locator("#follow-link").getAttribute("href")) ?? "";
    assert.match(follow, /^\/web\/replay\?episode=ep_/);
    assert.doesNotMatch(follow, /session/, "the session id never rides in the link");

    const replay = await browser.context.newPage();
    watchProblems(replay, problems);
    await replay.goto(`${url}${follow}`);
    await replay.locator("#live-note", { hasText: "Live" }).waitFor();
    assert.equal(await fact(replay, "Buyer's budget"), "hidden until the sale is over");
    assert.match(await fact(replay, "Seller's reservation"), /^₹/);
    assert.ok(await replay.locator("#cf-section").isHidden(), "no what-if while the sale is played");
    assert.ok(
      await replay.locator("#legend-budget").isHidden(),
      "no budget line, so no budget in the legend",
    );
    assert.equal(await replay.locator("#replay-chart .chart-budget").count(), 0);
    const at0 = await turns(replay);
    pass("the Follow link opens the live sale in the replay: the seller's numbers, never the buyer's budget");

    const ask = Number(await sell.locator("#price").getAttribute("max"));
    await sell.fill("#message", "Pure brass, last one.");
    await sell.fill("#price", String(ask));
    await sell.press("#price", "Enter");
    const at1 = await grows(replay, at0);
    assert.ok(
      await inViewOfBox(replay.locator("#replay-chat li.turn").last(), replay.locator("#replay-chat")),
    );
    assert.match((await replay.locator("#replay-chat").textContent()) ?? "", /Pure brass, last one\./);
    pass("the followed replay grows as the person counters, newest turn in view");
    await shot(replay, "replay-live-sale-1280");

    const spy = stranger.page;
    await spy.goto(`${url}${follow}`);
    await spy.locator("#load-error").waitFor();
    assert.match(
      (await spy.locator("#load-error").textContent()) ?? "",
      /No finished episode has id .*readable only with its session/,
    );
    assert.ok(await spy.locator("#replay").isHidden());
    pass("another browser, without the session, cannot see the live sale (404)");

    await sell.click("#walk");
    await sell.locator("#result").waitFor();
    await replay.locator("#live-note").waitFor({ state: "hidden", timeout: 10_000 });
    assert.ok((await turns(replay)) > at1);
    assert.match(await fact(replay, "Outcome"), /no deal \(walked away\)/);
    assert.match(await fact(replay, "Bonus"), /^₹0$/);
    assert.match(await fact(replay, "Buyer's budget"), /^₹[\d,]+/);
    assert.match(await fact(replay, "Buyer"), /^boulware@1$/);
    assert.ok(await replay.locator("#legend-budget").isVisible(), "the budget line and its legend once over");
    assert.equal(await replay.locator("#replay-chart .chart-budget").count(), 1);
    const replayHref = (await sell.locator("#sell-replay-link").getAttribute("href")) ?? "";
    assert.equal(replayHref, follow);
    pass("once over, the replay shows the server's outcome, bonus and score, and the buyer's budget");

    const moves = await replay.locator("#cf-action option").allTextContents();
    assert.deepEqual(moves, ["Counter", "Accept the offer", "Walk away"]);
    await replay.selectOption("#cf-round", "1");
    await replay.selectOption("#cf-action", "counter");
    await replay.fill("#cf-price", String(ask));
    await replay.fill("#cf-message", "<b>Still</b> my price.");
    await replay.click("#cf-form button[type=submit]");
    await replay.locator("#cf-result article").nth(1).waitFor();
    const cf = (await replay.locator("#cf-result").textContent()) ?? "";
    assert.match(cf, /<b>Still<\/b> my price\./, "typed HTML comes back as text");
    pass("a what-if with a seller move plays out against the pinned buyer");
    await shot(replay, "replay-sale-whatif-1280");
    await replay.setViewportSize(PHONE);
    assert.ok((await overflowX(replay)) <= 0, "the seller-side replay fits 390 px");
    await shot(replay, "replay-sale-390");
    pass("the seller-side replay fits a 390 px phone");

    // --- a haggle on /web, followed the same way ---
    await sell.goto(`${url}/web/`);
    await sell.locator("#task option").first().waitFor({ state: "attached" });
    await sell.fill("#seed", "2");
    await sell.click("#start");
    await sell.locator("#chat li.turn-seller").first().waitFor();
    const haggle = (await sell.locator("#follow-link").getAttribute("href")) ?? "";
    assert.notEqual(haggle, follow);
    await replay.setViewportSize({ width: 1280, height: 800 });
    await replay.goto(`${url}${haggle}`);
    await replay.locator("#live-note", { hasText: "Live" }).waitFor();
    const h0 = await turns(replay);
    await sell.fill("#price", "1");
    await sell.press("#price", "Enter");
    await sell.locator("#chat li.turn-buyer").first().waitFor();
    await grows(replay, h0);
    pass("a haggle on /web is followed live from its Follow link too");

    assert.deepEqual(problems, [], "no console errors, HTTP errors or page errors");
    pass("no console errors, failed requests or page errors in the player's browser");
  } finally {
    await stranger.close();
  }
});
