/// <reference lib="dom" />
/**
 * A real browser opens /docs (Scalar, served from this origin, under the strict policy) on the
 * real server and checks what a person would meet: the reference renders, the policy refuses
 * nothing it needs, nothing is fetched from another origin or 404s (no /favicon.ico either),
 * the header leads back to the play page, and a 390 px phone never scrolls sideways.
 * Screenshots go to web/e2e/screenshots/. Not part of `npm test`: `npx tsx web/e2e/docs.e2e.ts`.
 */
import assert from "node:assert/strict";
import { existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";
import { DEFAULT_CONFIG } from "../../src/config/config";
import { silentLogger } from "../../src/log/logger";
import { startServer } from "../../src/transport/server";

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const SHOTS = fileURLToPath(new URL("./screenshots/", import.meta.url));
const FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--no-first-run",
  "--disable-background-networking",
];

async function main(): Promise<void> {
  assert.ok(existsSync(CHROMIUM), `No Chromium at ${CHROMIUM}; set CHROMIUM_PATH.`);
  mkdirSync(SHOTS, { recursive: true });
  const server = await startServer(
    { ...DEFAULT_CONFIG, port: 0, host: "127.0.0.1", db: ":memory:", logLevel: "silent" },
    { logger: silentLogger, drainMs: 500, env: {} },
  );
  const profile = mkdtempSync(join(tmpdir(), "bazaar-docs-profile-"));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: FLAGS,
    viewport: { width: 1280, height: 800 },
  });
  const problems: string[] = [];
  const checks: string[] = [];
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { cspViolations: string[] }).cspViolations = seen;
      document.addEventListener("securitypolicyviolation", (e) =>
        seen.push(`${e.violatedDirective} ${e.blockedURI || "(inline)"} ${e.sourceFile}:${e.lineNumber}`),
      );
    });
    const origin = new URL(server.url).origin;
    page.on("pageerror", (e) => problems.push(`page error: ${e.message}`));
    page.on("console", (m) => {
      if (m.type() === "error") problems.push(`console error: ${m.text()}`);
    });
    page.on("request", (r) => {
      const url = new URL(r.url());
      if (!["data:", "blob:"].includes(url.protocol) && url.origin !== origin)
        problems.push(`off-origin ${r.url()}`);
      if (url.pathname === "/favicon.ico") problems.push("asked for /favicon.ico");
    });
    page.on("response", (r) => {
      if (r.status() >= 400) problems.push(`HTTP ${r.status()} for ${new URL(r.url()).pathname}`);
    });

    await page.goto(`${server.url}/docs`);
    await page.getByText("Start an episode").first().waitFor({ timeout: 30_000 });
    await page.getByText("Make one buyer move").first().waitFor();
    checks.push("Scalar renders the operations from the embedded document");
    await page.screenshot({ path: join(SHOTS, "docs-desktop.png") });
    // Open one operation's request client: CodeMirror and the client's styles load too.
    await page.getByText("Make one buyer move").first().click();
    await page.waitForTimeout(1500);
    await page.screenshot({ path: join(SHOTS, "docs-operation.png") });

    // The one refusal expected: zod (inside the bundle) probes `Function("")` to decide whether
    // to compile its validators, and falls back to interpreting them when eval is refused.
    const violations = (
      await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)
    ).filter((v) => !v.startsWith("script-src eval "));
    assert.deepEqual(violations, [], `CSP violations:\n${violations.join("\n")}`);
    checks.push("the policy refused nothing Scalar needs (only zod's eval probe)");

    assert.equal(await page.locator("header.site a").first().getAttribute("href"), "/web/");
    checks.push("the header links back to the play page");

    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${server.url}/docs`);
    // On a phone the sidebar is folded away; the operations are there all the same.
    await page.getByText("Make one buyer move").first().waitFor({ state: "attached", timeout: 30_000 });
    await page.waitForTimeout(1000);
    const over = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    await page.screenshot({ path: join(SHOTS, "docs-phone.png") });
    assert.ok(over <= 0, `/docs fits 390 px (${over}px over)`);
    checks.push("/docs fits a 390 px phone");

    assert.deepEqual(problems, [], problems.join("\n"));
    checks.push("no console error, no 4xx, nothing off-origin, no favicon request");
  } finally {
    await context.close();
    await server.close();
    rmSync(profile, { recursive: true, force: true });
    for (const c of checks) console.log(`ok  ${c}`);
    for (const p of problems) console.log(`PROBLEM  ${p}`);
    console.log(JSON.stringify({ passed: checks.length, problems: problems.length }));
  }
}

main().catch((e: unknown) => {
  console.error(e instanceof Error ? e.message : e);
  process.exitCode = 1;
});
