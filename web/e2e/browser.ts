/// <reference lib="dom" />

import { existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { type BrowserContext, chromium, type Locator, type Page } from "playwright-core";
import { DEFAULT_CONFIG } from "../../src/config/config";
import { silentLogger } from "../../src/log/logger";
import { startServer } from "../../src/transport/server";

/** What every browser suite shares: the Chromium binary, its flags, viewports and page checks. */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
export const SHOTS = fileURLToPath(new URL("./screenshots/", import.meta.url));
export const FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
export const DESKTOP = { width: 1280, height: 800 };
export const PHONE = { width: 390, height: 844 };

export const shot = (page: Page, name: string, fullPage = true) =>
  page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage });

/** The element lies wholly inside the visible part of its scroll box (and the box has some height). */
export async function inViewOfBox(item: Locator, box: Locator): Promise<boolean> {
  const a = await item.boundingBox();
  const b = await box.boundingBox();
  if (a === null || b === null) return false;
  return b.height > 50 && a.y >= b.y - 1 && a.y + a.height <= b.y + b.height + 1;
}

export async function overflowX(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

/** Records page errors, failed requests and console errors/warnings of a page. */
export function watchProblems(page: Page, problems: string[]): void {
  page.on("pageerror", (e) => problems.push(`page error on ${page.url()}: ${e.message}`));
  page.on("response", (r) => {
    if (r.status() >= 400) problems.push(`HTTP ${r.status()} for ${new URL(r.url()).pathname}`);
  });
  page.on("console", (m) => {
    if (m.type() === "error" || m.type() === "warning")
      problems.push(`console ${m.type()} on ${page.url()}: ${m.text()}`);
  });
}

export const NO_CHROMIUM = `No Chromium at ${CHROMIUM}. Install it (Debian/Ubuntu: apt-get update && apt-get install -y chromium) or point CHROMIUM_PATH at a Chromium or Chrome binary.`;

/** Headless Chromium on a throwaway profile at the desktop size; `close` removes the profile too. */
export async function launchBrowser(
  name: string,
): Promise<{ context: BrowserContext; page: Page; profile: string; close(): Promise<void> }> {
  const profile = mkdtempSync(join(tmpdir(), `bazaar-${name}-profile-`));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: FLAGS,
    viewport: DESKTOP,
  });
  const page = context.pages()[0] ?? (await context.newPage());
  return {
    context,
    page,
    profile,
    close: async () => {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/**
 * Runs one browser suite and reports it as every e2e file does: without Chromium it says how to
 * get one and fails; otherwise `body` records each check through `pass`, and the suite prints
 * them and "N passed, 0 failed", or on the first failed check its error, "0 passed, 1 failed"
 * and exit code 1 (npm run test:browser chains the suites on that code).
 */
export function runSuite(body: (pass: (what: string) => void) => Promise<void>): void {
  const checks: string[] = [];
  const fail = (err: unknown) => {
    console.error(err);
    console.log("0 passed, 1 failed");
    process.exitCode = 1;
  };
  if (!existsSync(CHROMIUM)) {
    fail(NO_CHROMIUM);
    return;
  }
  mkdirSync(SHOTS, { recursive: true });
  body((what) => checks.push(what)).then(() => {
    for (const c of checks) console.log(`ok - ${c}`);
    console.log(`${checks.length} passed, 0 failed; screenshots in ${SHOTS}`);
  }, fail);
}

/** What a suite's body gets: the real server, a browser on it, and where to note problems and passes. */
export interface Suite {
  url: string;
  browser: Awaited<ReturnType<typeof launchBrowser>>;
  problems: string[];
  pass(what: string): void;
}

/**
 * `runSuite` against a fresh real server (SQLite in memory, 127.0.0.1) with a browser on it; both
 * are closed whatever happens.
 */
export function runSuiteOnServer(
  name: string,
  body: (s: Suite) => Promise<void>,
  env: Record<string, string> = {},
): void {
  runSuite(async (pass) => {
    const server = await startServer(
      { ...DEFAULT_CONFIG, port: 0, host: "127.0.0.1", db: ":memory:", logLevel: "silent" },
      { logger: silentLogger, drainMs: 500, env },
    );
    const browser = await launchBrowser(name);
    try {
      await body({ url: server.url, browser, problems: [], pass });
    } finally {
      await browser.close();
      await server.close();
    }
  });
}
