/// <reference lib="dom" />
/**
 * /web/watch in a real browser against the real server (SQLite in memory, 127.0.0.1):
 *  - every seller menu label fits its menu when picked, at 1280 and 390 px (they were cut);
 *  - a watched match arrives over the SSE stream (GET /matches/:id/stream), with no polls;
 *  - where the server refuses the stream (here: a 401, as a keyed server answers EventSource),
 *    the page falls back to polling and the match still plays to its end.
 * Screenshots go to web/e2e/screenshots/. Not part of `npm test`: run `npm run test:browser`.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { DESKTOP, overflowX, PHONE, runSuiteOnServer, SHOTS, watchProblems } from "./browser";

/** Labels of the seller menu wider than the menu's text box when picked (the arrow's room kept free). */
async function clippedSellerLabels(page: Page): Promise<string[]> {
  const values = await page
    .locator("#w-seller option:not([disabled])")
    .evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value));
  const cut: string[] = [];
  for (const v of values) {
    await page.selectOption("#w-seller", v);
    const fits = await page.evaluate(() => {
      const s = document.getElementById("w-seller") as HTMLSelectElement;
      const cs = getComputedStyle(s);
      const ctx = document.createElement("canvas").getContext("2d");
      if (ctx === null) return false;
      ctx.font = cs.font;
      const text = s.selectedOptions[0]?.textContent ?? "";
      const room =
        s.clientWidth - Number.parseFloat(cs.paddingLeft) - Number.parseFloat(cs.paddingRight) - 24;
      return ctx.measureText(text).width <= room;
    });
    if (!fits) cut.push(v);
  }
  return cut;
}

async function watchToEnd(page: Page, url: string, seed: number): Promise<void> {
  await page.goto(`${url}/web/watch`);
  await page.locator("#w-buyer option[value='time:boulware']").waitFor({ state: "attached" });
  await page.selectOption("#w-buyer", "time:boulware");
  await page.selectOption("#w-seller", "boulware@2");
  await page.selectOption("#w-task", "single_deal");
  await page.fill("#w-seed", String(seed));
  await page.click("#w-start");
  await page.locator("#match").waitFor();
  await page.selectOption("#w-speed", { index: 2 });
  await page.locator("#w-end").waitFor({ timeout: 30_000 });
  assert.match((await page.locator("#w-end-text").textContent()) ?? "", /The seller's floor was ₹/);
  assert.match((await page.locator("#w-replay").getAttribute("href")) ?? "", /^\/web\/replay\?episode=/);
}

runSuiteOnServer("watch-stream", async ({ url, browser, problems, pass }) => {
  const page = browser.page;
  watchProblems(page, problems);
  const requests: string[] = [];
  page.on("request", (r) => requests.push(new URL(r.url()).pathname + new URL(r.url()).search));

  for (const size of [DESKTOP, PHONE]) {
    await page.setViewportSize(size);
    await page.goto(`${url}/web/watch`);
    await page.locator("#w-seller option[value='boulware@2']").waitFor({ state: "attached" });
    assert.deepEqual(await clippedSellerLabels(page), [], `every seller label fits at ${size.width} px`);
    await page.selectOption("#w-seller", "boulware@2");
    assert.ok((await overflowX(page)) <= 0);
    await page
      .locator("#watch-form")
      .screenshot({ path: join(SHOTS, `watch-seller-menu-${size.width}.png`) });
  }
  await page.setViewportSize(DESKTOP);
  pass("every seller menu label fits its menu when picked, at 1280 and 390 px");

  requests.length = 0;
  await watchToEnd(page, url, 5);
  const streams = requests.filter((r) => /^\/matches\/m_[^/]+\/stream/.test(r));
  const polls = requests.filter((r) => /^\/matches\/m_[^/]+\?after=/.test(r));
  assert.equal(streams.length, 1, "one stream carried the match");
  assert.deepEqual(polls, [], "no polling while the stream works");
  await page.screenshot({ path: join(SHOTS, "watch-streamed-1280.png"), fullPage: true });
  pass("a watched match arrives over one SSE stream, with no polls, and ends with its replay link");

  // A server that refuses the stream (EventSource cannot send an API key): the page polls instead.
  await page.route("**/matches/*/stream*", (route) =>
    route.fulfill({
      status: 401,
      contentType: "application/json",
      body: '{"error":{"code":"UNAUTHORIZED"}}',
    }),
  );
  requests.length = 0;
  await watchToEnd(page, url, 6);
  assert.ok(
    requests.some((r) => /^\/matches\/m_[^/]+\?after=/.test(r)),
    "it fell back to polling",
  );
  const refused = problems.filter((p) => /HTTP 401 for \/matches\/.*\/stream/.test(p));
  assert.equal(refused.length, 1, "the refused stream was asked for once");
  // The browser also logs the refused load itself; that one is this check's own doing.
  const own = (p: string) => refused.includes(p) || /console error .*status of 401 \(Unauthorized\)/.test(p);
  problems.splice(0, problems.length, ...problems.filter((p) => !own(p)));
  pass("a refused stream falls back to polling, and the match still plays to its end");

  assert.deepEqual(problems, [], "no console errors, HTTP errors or page errors");
  pass("no console errors, failed requests or page errors");
});
