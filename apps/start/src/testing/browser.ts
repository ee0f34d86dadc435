import { existsSync } from 'node:fs';
import { chromium } from 'playwright-core';
import type { Browser, Page } from 'playwright-core';

// Headless Chromium from Debian (`apt-get install -y chromium`; `npx playwright install` cannot download
// here). Without it the UI tests are skipped with a message, except in CI, where they must run.

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const HAVE_CHROMIUM = existsSync(CHROMIUM_PATH);
export const SKIP_BROWSER = !HAVE_CHROMIUM && !process.env.CI;

if (SKIP_BROWSER) {
  console.warn(
    `web UI tests skipped: no Chromium at ${CHROMIUM_PATH} (install it with \`apt-get install -y chromium\`, ` +
      'or set CHROMIUM_PATH); in CI they always run',
  );
}

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

export interface WatchedPage {
  page: Page;
  /** Console errors, uncaught exceptions and failed or 4xx/5xx requests, as text. */
  problems: string[];
  close(): Promise<void>;
}

/**
 * A new page (own context) that records every console error, page error and failed request.
 * `permissions`: e.g. clipboard-read, to read what a copy button copied.
 */
export async function openPage(
  browser: Browser,
  baseUrl: string,
  o: { permissions?: string[] } = {},
): Promise<WatchedPage> {
  const context = await browser.newContext({
    baseURL: baseUrl,
    viewport: { width: 1200, height: 900 },
    ...(o.permissions ? { permissions: o.permissions } : {}),
  });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') problems.push(`console: ${msg.text()}`);
  });
  page.on('pageerror', (err) => problems.push(`page error: ${err.message}`));
  page.on('requestfailed', (req) => {
    // A request cut short by navigating away (or a socket closed by the page) is not a problem.
    const reason = req.failure()?.errorText ?? '';
    if (!/ERR_ABORTED/.test(reason)) problems.push(`request failed: ${req.url()} ${reason}`);
  });
  page.on('response', (res) => {
    if (res.status() >= 400) problems.push(`HTTP ${res.status()}: ${res.url()}`);
  });
  return { page, problems, close: () => context.close() };
}

/** With WEB_SCREENSHOTS=<dir>, saves a full-page screenshot there (to look at what the tests saw). */
export async function screenshot(page: Page, name: string): Promise<void> {
  const dir = process.env.WEB_SCREENSHOTS;
  if (dir) await page.screenshot({ path: `${dir}/${name}.png`, fullPage: true });
}
