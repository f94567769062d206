/// <reference lib="dom" />
/**
 * A real browser opens /docs (Scalar, served from this origin, under the strict policy) on the
 * real server and checks what a person would meet: the reference renders, the policy refuses
 * nothing it needs, nothing is fetched from another origin or 404s (no /favicon.ico either),
 * the header leads back to the play page, and a 390 px phone never scrolls sideways.
 * Screenshots go to web/e2e/screenshots/. Not part of `npm test`: run `npm run test:browser`.
 */
import assert from "node:assert/strict";
import { DEFAULT_CONFIG } from "../../src/config/config";
import { silentLogger } from "../../src/log/logger";
import { startServer } from "../../src/transport/server";
import { launchBrowser, overflowX, PHONE, runSuite, shot, watchProblems } from "./browser";

runSuite(async (pass) => {
  const server = await startServer(
    { ...DEFAULT_CONFIG, port: 0, host: "127.0.0.1", db: ":memory:", logLevel: "silent" },
    { logger: silentLogger, drainMs: 500, env: {} },
  );
  const browser = await launchBrowser("docs");
  const problems: string[] = [];
  try {
    const page = browser.page;
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { cspViolations: string[] }).cspViolations = seen;
      document.addEventListener("securitypolicyviolation", (e) =>
        seen.push(`${e.violatedDirective} ${e.blockedURI || "(inline)"} ${e.sourceFile}:${e.lineNumber}`),
      );
    });
    const origin = new URL(server.url).origin;
    watchProblems(page, problems);
    page.on("request", (r) => {
      const url = new URL(r.url());
      if (!["data:", "blob:"].includes(url.protocol) && url.origin !== origin)
        problems.push(`off-origin ${r.url()}`);
      if (url.pathname === "/favicon.ico") problems.push("asked for /favicon.ico");
    });

    await page.goto(`${server.url}/docs`);
    await page.getByText("Start an episode").first().waitFor({ timeout: 30_000 });
    await page.getByText("Make one move").first().waitFor();
    pass("Scalar renders the operations from the embedded document");
    await shot(page, "docs-desktop", false);
    // Open one operation's request client: CodeMirror and the client's styles load too.
    await page.getByText("Make one move").first().click();
    await page.waitForTimeout(1500);
    await shot(page, "docs-operation", false);

    // The one refusal expected: zod (inside the bundle) probes `Function("")` to decide whether
    // to compile its validators, and falls back to interpreting them when eval is refused.
    const violations = (
      await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)
    ).filter((v) => !v.startsWith("script-src eval "));
    assert.deepEqual(violations, [], `CSP violations:\n${violations.join("\n")}`);
    pass("the policy refused nothing Scalar needs (only zod's eval probe)");

    assert.equal(await page.locator("header.site a").first().getAttribute("href"), "/web/");
    pass("the header links back to the play page");

    await page.setViewportSize(PHONE);
    await page.goto(`${server.url}/docs`);
    // On a phone the sidebar is folded away; the operations are there all the same.
    await page.getByText("Make one move").first().waitFor({ state: "attached", timeout: 30_000 });
    await page.waitForTimeout(1000);
    const over = await overflowX(page);
    await shot(page, "docs-phone", false);
    assert.ok(over <= 0, `/docs fits 390 px (${over}px over)`);
    pass("/docs fits a 390 px phone");

    assert.deepEqual(problems, [], problems.join("\n"));
    pass("no console error or warning, no 4xx, nothing off-origin, no favicon request");
  } finally {
    await browser.close();
    await server.close();
  }
});
