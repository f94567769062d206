/// <reference lib="dom" />
/**
 * A real browser plays /web/sell against the real server (SQLite in memory, 127.0.0.1): a whole
 * sale against a rule buyer, then one against an LLM buyer served by a fake Ollama on 127.0.0.1,
 * whose recorded request must carry the words the person typed. Checks what a person would
 * meet: live underlines while typing, HTML typed as text, a counter above the ask and a
 * 5,000-character message refused in words, a double click stepping once, the server's bonus
 * on the end screen, no sideways scrolling at 390 px, no console errors. Screenshots go to
 * web/e2e/screenshots/ (gitignored). Not part of `npm test`: run `npm run test:browser`.
 */
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { DEFAULT_CONFIG } from "../../src/config/config";
import { startFakeOllamaServer } from "../../src/llm/testing/fake-ollama-server";
import { silentLogger } from "../../src/log/logger";
import { startServer } from "../../src/transport/server";
import { DESKTOP, launchBrowser, overflowX, PHONE, runSuite, shot, watchProblems } from "./browser";

const LLM_KEY = "llm-ollama:buyer-model@1";

const sellerTurns = (page: Page) => page.locator("#chat li.turn-buyer").count();

async function openStall(page: Page, url: string, buyer: string, seed: number): Promise<void> {
  await page.goto(`${url}/web/sell`);
  await page.locator(`#buyer option[value="${buyer}"]`).waitFor({ state: "attached" });
  await page.selectOption("#buyer", buyer);
  await page.fill("#seed", String(seed));
  await page.click("#start");
  await page.locator("#chat li").first().waitFor();
}

runSuite(async (pass) => {
  const ollama = await startFakeOllamaServer({ models: ["buyer-model"] });
  const server = await startServer(
    { ...DEFAULT_CONFIG, port: 0, host: "127.0.0.1", db: ":memory:", logLevel: "silent" },
    {
      logger: silentLogger,
      drainMs: 500,
      env: { OLLAMA_HOST: ollama.url, BAZAAR_OLLAMA_MODEL: "buyer-model", BAZAAR_LLM_TIMEOUT_MS: "2000" },
    },
  );
  const browser = await launchBrowser("sell");
  const problems: string[] = [];
  try {
    const page = browser.page;
    watchProblems(page, problems);

    // --- against a rule buyer ---
    const asked: string[] = [];
    page.on("request", (r) => asked.push(new URL(r.url()).pathname));
    await page.goto(`${server.url}/web/sell`);
    await page.locator('#buyer option[value="rule-smart@1"]').waitFor({ state: "attached" });
    const llmLabel = (await page.locator(`#buyer option[value="${LLM_KEY}"]`).textContent()) ?? "";
    assert.match(llmLabel, /\(live\)/, "the configured LLM buyer is offered, marked live");
    assert.ok(
      asked.includes("/buyers/health"),
      "the menu's LLM buyers and health come from GET /buyers/health",
    );
    pass("the buyer menu lists scripted buyers and the configured LLM buyer with its health");
    await shot(page, "sell-setup-1280");
    await openStall(page, server.url, "rule-smart@1", 3);
    const brief = (await page.locator("#brief").textContent()) ?? "";
    assert.match(brief, /Your reservation\s*₹/);
    assert.match(brief, /Persona to play/);
    assert.match(brief, /per ₹10 above your reservation, up to ₹/);
    pass("the brief shows ask, cost, reservation, persona and the bonus scheme from the listing's numbers");

    await page.fill("#message", "Last piece, hurry — another buyer is coming at five.");
    await page.locator("#preview mark.cue").first().waitFor();
    pass("the person's own words are underlined live as they type");

    const ask = Number(await page.locator("#price").getAttribute("max"));
    await page.fill("#price", String(ask + 50));
    await page.press("#price", "Enter");
    await page.locator("#move-error", { hasText: "can only come down" }).waitFor();
    await page.fill("#price", "-5");
    await page.press("#price", "Enter");
    await page.locator("#move-error", { hasText: "zero or more" }).waitFor();
    assert.equal(await sellerTurns(page), 1, "nothing was sent (the listing's opening line only)");
    pass("a counter above the ask or below zero is refused with a message and sends nothing");

    await page.fill("#message", "y".repeat(5000));
    await page.locator("#move-error", { hasText: "capped at 2,000" }).waitFor();
    pass("a 5,000-character message is refused in words");

    const html = '<b>bold</b><script>window.__pwned = 1</script><img src=x onerror="window.__pwned=2">';
    await page.fill("#message", html);
    await page.fill("#price", String(Math.round(ask * 0.95)));
    const stepped = page.waitForResponse((r) => r.url().endsWith("/step"));
    await page.dblclick("#counter");
    await stepped;
    await page.locator("#chat li.turn-buyer").nth(1).waitFor();
    await page.waitForTimeout(300);
    assert.equal(await sellerTurns(page), 2, "a double click makes one counter");
    assert.ok(
      (await page.locator("#chat").textContent())?.includes("<script>window.__pwned"),
      "HTML shows as text",
    );
    assert.equal(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned), undefined);
    pass("a double-clicked Counter steps once; HTML and script typed by the person render as text");

    await shot(page, "sell-playing-1280");
    await page.setViewportSize(PHONE);
    assert.ok((await overflowX(page)) <= 0, "no sideways scrolling at 390 px");
    await shot(page, "sell-playing-390");
    await page.setViewportSize(DESKTOP);
    pass("the game fits a 390 px phone without sideways scrolling");

    const ended = page.waitForResponse((r) => r.url().endsWith("/step"));
    await page.click("#accept");
    const final = (await (await ended).json()) as {
      info: { seller_result: { bonus: number; agreed_price: number } };
    };
    await page.locator("#result").waitFor();
    const facts = (await page.locator("#result-facts").textContent()) ?? "";
    const bonus = final.info.seller_result.bonus;
    assert.ok(
      facts.includes(`Bonus₹${bonus}`) || facts.includes(`Bonus ₹${bonus}`),
      `the page shows the server's bonus ₹${bonus}: ${facts}`,
    );
    assert.match(facts, /The buyer's hidden budget\s*₹/);
    assert.match((await page.locator("#result-title").textContent()) ?? "", /Sold at ₹|No sale/);
    pass(
      "the end screen shows the outcome and the bonus the server computed, and reveals the buyer's budget",
    );
    await shot(page, "sell-result-1280");
    await page.setViewportSize(PHONE);
    assert.ok((await overflowX(page)) <= 0, "the end screen fits 390 px");
    await shot(page, "sell-result-390");
    await page.setViewportSize(DESKTOP);

    // --- against an LLM buyer on the fake Ollama ---
    ollama.enqueue({ kind: "text", text: '{"action": "offer", "price": 20, "message": "Twenty, final."}' });
    await openStall(page, server.url, LLM_KEY, 5);
    assert.match((await page.locator("#health").textContent()) ?? "", /Live/);
    const words = "Saffron silk, woven in Varanasi; I will not go lower than this";
    ollama.enqueue({
      kind: "text",
      text: '{"action": "offer", "price": 25, "message": "Twenty-five then."}',
    });
    await page.fill("#message", words);
    const quote = Number(await page.locator("#price").getAttribute("max"));
    await page.fill("#price", String(Math.round(quote * 0.9)));
    await page.press("#price", "Enter");
    await page.locator("#chat li.turn-seller", { hasText: "Twenty-five then." }).waitFor();
    const sent = JSON.stringify(ollama.chatRequests().at(-1)?.body);
    assert.ok(
      sent.includes("Saffron silk, woven in Varanasi"),
      "the typed words reached the model's request",
    );
    pass("against an LLM buyer the person's typed words reach the model (checked in the fake's request)");
    ollama.enqueue({ kind: "text", text: "garbage, not JSON" });
    await page.fill("#price", String(Math.round(quote * 0.8)));
    await page.press("#price", "Enter");
    await page.locator("#health", { hasText: "Fallback playing" }).waitFor();
    pass("when the LLM buyer answers garbage the fallback plays and the page says so");
    await shot(page, "sell-llm-1280");
    await page.click("#walk");
    await page.locator("#result").waitFor();
    assert.deepEqual(problems, [], "no console errors, HTTP errors or page errors");
    pass("no console errors, failed requests or page errors");
  } finally {
    await browser.close();
    await server.close();
    await ollama.close();
  }
});
