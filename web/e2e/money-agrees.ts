/// <reference lib="dom" />
import assert from "node:assert/strict";
import type { Page } from "playwright-core";

type Offer = (page: Page, price: number, words: string) => Promise<void>;

const MONEY = /₹[\d,]+(?:\.\d{2})?/;

/**
 * #17 item 5 in a real browser: on the default stall (the current game) the seller's words, the
 * facts, the Accept button, the deal notice and the result show one number, paise included.
 * Returns the price as the seller said it.
 */
export async function checkMoneyAgrees(page: Page, serverUrl: string, offer: Offer): Promise<string> {
  await page.goto(`${serverUrl}/web/`);
  await page.locator("#task option").first().waitFor({ state: "attached" });
  assert.equal(await page.locator("#task").inputValue(), "single_deal@3", "the current game is the default");
  await page.fill("#seed", "5");
  await page.click("#start");
  await page.locator("#chat li.turn-seller").first().waitFor();
  const budget = Number(await page.locator("#price").getAttribute("max"));
  // An offer with paise, so a whole-rupee rounding anywhere would show.
  await offer(page, Math.round(budget * 45.37) / 100, "Thoda kam karo.");
  await page.locator("#chat li.turn-seller").nth(1).waitFor();
  const said = (await page.locator("#chat li.turn-seller .said").last().textContent()) ?? "";
  const inWords = MONEY.exec(said)?.[0];
  assert.ok(inWords !== undefined, `the seller names its price: ${said}`);
  const facts = (await page.locator("#facts").textContent()) ?? "";
  assert.ok(facts.includes(`Their price now${inWords}`), `facts show ${inWords}: ${facts}`);
  assert.equal((await page.locator("#accept").textContent())?.trim(), `Accept ${inWords}`);
  await page.click("#accept");
  await page.locator("#result").waitFor();
  const closing = (await page.locator("#chat li.turn-notice").last().textContent()) ?? "";
  assert.equal(closing.trim(), `Deal closed at ${inWords}.`);
  const result = (await page.locator("#result-facts").textContent()) ?? "";
  assert.ok(result.includes(`Agreed price${inWords}`), `the result shows ${inWords}: ${result}`);
  return inWords;
}
