/// <reference lib="dom" />
/**
 * The watch and leaderboard pages in a real browser against the real server: a watched match to
 * its end (pause, next move, the revealed floor, the replay link), the leaderboard's empty state,
 * then a REAL `bazaar eval` run written to a temp data dir, its table, filters and a replay of an
 * eval episode; the Sellers board empty, then with a REAL `bazaar eval --role seller` run;
 * one navigation on every page; no sideways scrolling at 390 px; no console errors.
 * Screenshots go to web/e2e/screenshots/. Run with `npm run test:browser`.
 */
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { evalCommand, reportCommand } from "../../src/cli/eval/commands";
import { DEFAULT_CONFIG } from "../../src/config/config";
import { startFakeOllamaServer } from "../../src/llm/testing/fake-ollama-server";
import { silentLogger } from "../../src/log/logger";
import { captureIo } from "../../src/testing/capture-io";
import { SCRIPTED_SELLER_EVAL } from "../../src/testing/seller-eval-args";
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

const NAV = ["/web/", "/web/sell", "/web/watch", "/web/replay", "/web/leaderboard", "/web/arena", "/docs"];
const quiet = captureIo();

async function fits(page: Page, what: string): Promise<void> {
  const over = await overflowX(page);
  assert.ok(over <= 0, `${what} fits 390 px (${over}px over)`);
}

runSuite(async (pass) => {
  const ollama = await startFakeOllamaServer({ models: ["llama3.2:3b"] });
  ollama.setFallback({ kind: "text", text: '{"action":"offer","price":10}', delayMs: 4000 });
  const data = mkdtempSync(join(tmpdir(), "bazaar-pages-data-"));
  const evalDb = join(data, "eval.db");
  const server = await startServer(
    {
      ...DEFAULT_CONFIG,
      port: 0,
      host: "127.0.0.1",
      db: join(data, "bazaar.db"),
      evalDb,
      logLevel: "silent",
    },
    {
      logger: silentLogger,
      drainMs: 500,
      // A model buyer on a fake Ollama on 127.0.0.1 that answers too late: the fallback plays.
      env: { OLLAMA_HOST: ollama.url, BAZAAR_OLLAMA_MODEL: "llama3.2:3b", BAZAAR_LLM_TIMEOUT_MS: "1000" },
    },
  );
  const browser = await launchBrowser("pages");
  const problems: string[] = [];
  try {
    const page = browser.page;
    watchProblems(page, problems);

    // Watch: a scripted buyer against a rule seller, played to the end.
    await page.goto(`${server.url}/web/watch`);
    await page.locator("#w-buyer option[value='rule:smart']").waitFor({ state: "attached" });
    assert.match(
      (await page.locator("#w-buyer optgroup[label='Language-model buyers']").textContent()) ?? "",
      /^ollama:llama3\.2:3b$/,
    );
    await page.selectOption("#w-buyer", "rule:smart");
    await page.selectOption("#w-seller", "boulware@2");
    await page.selectOption("#w-task", "single_deal");
    await page.fill("#w-seed", "5");
    await shot(page, "watch-setup");
    await page.click("#w-start");
    await page.locator("#match").waitFor();
    await page.locator("#w-chat li.turn-seller").first().waitFor();
    // Pause at once: the page stays on its move until asked for the next one.
    await page.click("#w-pause");
    assert.equal(await page.locator("#w-pause").getAttribute("aria-pressed"), "true");
    const moveNo = async () =>
      /^Move (\d+)/.exec((await page.locator("#w-progress").textContent()) ?? "")?.[1];
    const before = await moveNo();
    const turnsBefore = await page.locator("#w-chat li").count();
    await page.waitForTimeout(1500);
    assert.equal(await moveNo(), before, "paused means paused");
    await page.focus("#w-step");
    await page.keyboard.press("Enter");
    await page.waitForFunction((n) => document.querySelectorAll("#w-chat li").length > n, turnsBefore);
    assert.equal(Number(await moveNo()), Number(before) + 1, "one move further");
    pass("watch: a match starts, pauses, and steps one move by keyboard");
    const shared = new URL(page.url());
    assert.deepEqual(
      Object.fromEntries(shared.searchParams),
      { buyer: "rule:smart", task: "single_deal", seed: "5", seller: "boulware@2" },
      "the setup is in the address",
    );
    assert.equal(await page.locator("#w-chart .chart-band").count(), 0, "no hidden band while it plays");
    await shot(page, "watch-playing", false);

    await page.selectOption("#w-speed", { index: 2 });
    await page.click("#w-pause");
    await page.locator("#w-end").waitFor({ timeout: 30_000 });
    assert.match(
      (await page.locator("#w-end-text").textContent()) ?? "",
      /(Deal at ₹|No deal).*The seller's floor was ₹/,
    );
    assert.equal(await page.locator("#w-chart .chart-band").count(), 1, "the hidden band shows at the end");
    assert.ok(
      await inViewOfBox(page.locator("#w-chat > li").last(), page.locator("#w-chat")),
      "the last turn is in view inside the chat box",
    );
    assert.ok((await page.locator("#w-chart svg circle").count()) >= 3, "the chart plots asks and offers");
    const shareHref = (await page.locator("#w-replay").getAttribute("href")) ?? "";
    assert.match(shareHref, /^\/web\/replay\?episode=/);
    pass("watch: the match plays to its end, the floor is revealed only then, a replay link is offered");
    await shot(page, "watch-finished");
    await page.setViewportSize(PHONE);
    await fits(page, "/web/watch");
    await shot(page, "watch-phone");
    await page.setViewportSize(DESKTOP);
    await page.click("#w-replay");
    await page.locator("#replay").waitFor();
    await page.locator("#replay-facts dt", { hasText: "Seller's floor" }).waitFor();
    pass("watch: the shared link opens the finished match in the replay page with the floor shown");

    // A shared setup link fills the menus the same way.
    await page.goto(
      `${server.url}/web/watch?buyer=time:linear&seller=boulware@2&task=deceptive_seller&seed=9`,
    );
    await page.waitForFunction(
      () => (document.getElementById("w-buyer") as HTMLSelectElement).value === "time:linear",
    );
    assert.equal(await page.locator("#w-seller").inputValue(), "boulware@2");
    assert.equal(await page.locator("#w-task").inputValue(), "deceptive_seller");
    assert.equal(await page.locator("#w-seed").inputValue(), "9");
    pass("watch: the setup lives in the address and a shared link fills the menus");

    // A model buyer whose model times out: the fallback plays and the page says so, move by move.
    await page.goto(`${server.url}/web/watch`);
    await page
      .locator("#w-buyer option[value='ollama:llama3.2:3b']:not([disabled])")
      .waitFor({ state: "attached" });
    await page.selectOption("#w-buyer", "ollama:llama3.2:3b");
    await page.selectOption("#w-task", "single_deal");
    await page.fill("#w-seed", "2");
    await page.click("#w-start");
    await page.locator("#match").waitFor();
    await page.selectOption("#w-speed", { index: 2 });
    await page.locator("#w-fallback").waitFor();
    assert.match(
      (await page.locator("#w-fallback").textContent()) ?? "",
      /^\d+ of \d+ moves were the fallback: ollama:llama3\.2:3b's model did not answer usably/,
    );
    assert.match(
      (await page.locator("#w-note").textContent()) ?? "",
      /could not be used \(.*no reply within/,
    );
    await page.locator("#w-end").waitFor({ timeout: 60_000 });
    const prompts = ollama.chatRequests().map((r) => JSON.stringify(r.body));
    assert.ok(prompts.length > 0, "the model was asked");
    assert.ok(
      prompts.some((p) => p.includes("handwoven silk scarf")),
      "the prompt carries what the buyer sees (the item and the seller's words)",
    );
    await shot(page, "watch-llm-fallback");
    pass("watch: a model buyer that times out plays the fallback, and the page says so with the reason");

    // Bad input from the page: a buyer the server does not offer is refused with a message.
    const refusedRes = await fetch(`${server.url}/matches`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ buyer: "ollama:not-configured" }),
    });
    assert.equal(refusedRes.status, 422);
    assert.match(
      ((await refusedRes.json()) as { error: { message: string } }).error.message,
      /Unknown buyer/,
    );
    pass("watch: an unknown buyer is a 422 with a message, not a crash");

    // Leaderboard, before any eval run: the empty state says how to make one.
    await page.goto(`${server.url}/web/leaderboard`);
    await page.locator("#board-empty").waitFor();
    assert.match((await page.locator("#board-empty").textContent()) ?? "", /bazaar -- eval --buyer/);
    await shot(page, "leaderboard-empty");
    await page.setViewportSize(PHONE);
    await fits(page, "the empty leaderboard");
    await shot(page, "leaderboard-empty-phone");
    await page.setViewportSize(DESKTOP);
    pass("leaderboard: with no runs, an empty state says how to make one");

    // The Sellers switch is a link: reached and followed from the keyboard, the role in the address.
    await page.locator("#role-seller").focus();
    await page.keyboard.press("Enter");
    await page.waitForURL(/\/web\/leaderboard\?role=seller$/);
    await page.locator("#board-empty").waitFor();
    assert.match((await page.locator("#board-empty").textContent()) ?? "", /bazaar -- eval --role seller/);
    assert.equal(await page.locator("#role-seller").getAttribute("aria-current"), "page");
    assert.equal(await page.locator("#role-buyer").getAttribute("aria-current"), null);
    await shot(page, "leaderboard-sellers-empty");
    pass(
      "leaderboard: the Sellers switch works from the keyboard; with no seller runs it says how to make one",
    );

    // A real eval run, through the CLI, into the server's eval store.
    const code = await evalCommand(
      [
        ...["--buyer", "rule:naive", "--buyer", "rule:smart", "--buyer", "time:boulware"],
        ...["--task", "single_deal", "--task", "deceptive_seller", "--seeds", "1..8"],
        ...["--run-id", "browser-lb", "--out", join(data, "runs"), "--db", evalDb, "--quiet"],
      ],
      quiet,
    );
    assert.equal(code, 0, "bazaar eval succeeded");
    await page.click("#role-buyer");
    await page.locator("table.board-table").first().waitFor();
    assert.equal(await page.locator("table.board-table").count(), 3, "two tasks and the overall table");
    assert.equal(await page.locator("table.board-table tbody tr").count(), 9);
    assert.equal(await page.locator("svg.ci").count(), 9, "every row draws its CI");
    const firstRow = (await page.locator("table.board-table tbody tr").first().textContent()) ?? "";
    assert.match(firstRow, /browser-lb/);
    assert.match(firstRow, /engine \S+ · commit \S+/);
    await shot(page, "leaderboard");
    pass("leaderboard: a real eval run shows per-task and overall tables with CI bars and provenance");

    await page.selectOption("#f-task", "deceptive_seller");
    await page.click("#filters button[type=submit]");
    await page.waitForFunction(() => document.querySelectorAll("table.board-table").length === 1);
    assert.equal(new URL(page.url()).searchParams.get("task"), "deceptive_seller");
    assert.match((await page.locator("h2.board-title").textContent()) ?? "", /^deceptive_seller/);
    pass("leaderboard: the task filter narrows the table and lives in the address");

    await page.setViewportSize(PHONE);
    await fits(page, "/web/leaderboard");
    const box = page.locator(".table-box").first();
    assert.equal(await box.getAttribute("tabindex"), "0", "the table's scroll box takes keyboard focus");
    await shot(page, "leaderboard-phone");
    await page.setViewportSize(DESKTOP);
    pass("leaderboard: fits 390 px, the wide table scrolls in its own focusable box");

    await page
      .locator("table.board-table tbody tr")
      .first()
      .locator("td")
      .last()
      .locator("a")
      .first()
      .click();
    await page.locator("#replay").waitFor();
    await page.locator("#replay-facts dt", { hasText: "Eval run" }).waitFor();
    await page.locator("#replay-facts dt", { hasText: "Seller's floor" }).waitFor();
    assert.ok(
      await page.locator("#cf-section").isHidden(),
      "what-if is offered only for this server's episodes",
    );
    assert.ok(
      await inViewOfBox(page.locator("#replay-chat > li").last(), page.locator("#replay-chat")),
      "the eval replay's last turn is in view",
    );
    await shot(page, "leaderboard-replay");
    pass("leaderboard: an example replay opens the eval episode in the replay page");

    // The eval report's sample charts link to their replays on this server.
    const reportFile = join(data, "report.html");
    const reported = await reportCommand(
      [
        "browser-lb",
        "--out",
        join(data, "runs"),
        "--db",
        evalDb,
        "--file",
        reportFile,
        "--server",
        server.url,
      ],
      quiet,
    );
    assert.equal(reported, 0, "bazaar report succeeded");
    await page.goto(`file://${reportFile}`);
    const sample = page.locator("p.replay a").first();
    assert.match((await sample.getAttribute("href")) ?? "", /\/web\/replay\?run=browser-lb&episode=/);
    await sample.click();
    await page.locator("#replay").waitFor();
    await page.locator("#replay-facts dt", { hasText: "Eval run" }).waitFor();
    pass("the eval report's sample charts open their episodes in the replay page");

    // A real seller eval run, through the CLI, into the same store: the Sellers board ranks it.
    const sold = await evalCommand(
      [
        ...SCRIPTED_SELLER_EVAL,
        ...["--buyer", "rule-smart@1", "--buyer", "boulware@1", "--seeds", "1..6"],
        ...["--run-id", "browser-sell", "--out", join(data, "runs"), "--db", evalDb, "--quiet"],
      ],
      quiet,
    );
    assert.equal(sold, 0, "bazaar eval --role seller succeeded");
    await page.goto(`${server.url}/web/leaderboard`);
    await page.locator("table.board-table").first().waitFor();
    assert.equal(await page.locator("table.seller-board").count(), 0, "the buyer board shows no seller rows");
    await page.click("#role-seller");
    await page.locator("table.seller-board").first().waitFor();
    assert.equal(
      await page.locator("table.seller-board").count(),
      3,
      "two seller tasks and the overall table",
    );
    assert.equal(
      await page.locator("table.seller-board tbody tr").count(),
      5,
      "2 tasks × 2 buyers, and overall",
    );
    assert.equal(await page.locator("table.seller-board svg.ci").count(), 5, "every row draws its CI");
    const sellerRow = (await page.locator("table.seller-board tbody tr").first().textContent()) ?? "";
    assert.match(sellerRow, /scripted-seller@1/);
    assert.match(sellerRow, /browser-sell/);
    assert.match(sellerRow, /engine \S+ · commit \S+/);
    const boardText = (await page.locator("#board").textContent()) ?? "";
    assert.doesNotMatch(boardText, /reservation|budget|cost/i, "no hidden numbers on the seller board");
    assert.equal(await page.locator("#f-seller-label").textContent(), "Buyer");
    await shot(page, "leaderboard-sellers");
    await page.selectOption("#f-seller", "boulware@1");
    await page.click("#filters button[type=submit]");
    await page.waitForFunction(() => document.querySelectorAll("table.seller-board tbody tr").length === 3);
    const address = new URL(page.url()).searchParams;
    assert.equal(address.get("role"), "seller");
    assert.equal(address.get("buyer"), "boulware@1");
    await page.setViewportSize(PHONE);
    await fits(page, "the seller board");
    await shot(page, "leaderboard-sellers-phone");
    await page.setViewportSize(DESKTOP);
    pass("leaderboard: a real seller eval run shows on the Sellers board, filtered by buyer in the address");

    // One navigation, the same on every page.
    for (const path of NAV) {
      await page.goto(`${server.url}${path}`);
      const hrefs = await page
        .locator("header.site nav a")
        .evaluateAll((as) => as.map((a) => a.getAttribute("href")));
      assert.deepEqual(hrefs, NAV, `the navigation of ${path}`);
      const current = await page.locator('header.site nav a[aria-current="page"]').getAttribute("href");
      assert.equal(current, path);
      await page.setViewportSize(PHONE);
      await page.waitForLoadState("networkidle");
      await fits(page, path);
      await page.setViewportSize(DESKTOP);
    }
    pass("every page carries the same navigation, marks its own entry, and fits 390 px");

    assert.deepEqual(problems, [], "no console errors, HTTP errors or page errors on any page");
    pass("no console errors, failed requests or page errors on any page");
  } finally {
    await browser.close();
    await server.close();
    await ollama.close();
    rmSync(data, { recursive: true, force: true });
  }
});
