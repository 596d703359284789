import fs from 'node:fs';
import path from 'node:path';
import puppeteer, { type Browser, type Page, type Viewport } from 'puppeteer-core';
import { ARTIFACTS } from './browser.js';
import { timeBudget } from '../../helpers/time-budget.js';

/** Debian's Firefox ESR (apt-get install -y firefox-esr); FIREFOX_PATH overrides it. */
export const FIREFOX = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr';

/**
 * Starts stock Firefox headless through puppeteer-core over WebDriver BiDi (Playwright drives
 * only its own patched Firefox, which cannot be downloaded here). A missing browser is a failure
 * that says what to install, never a skip.
 */
export async function launchFirefox(): Promise<Browser> {
  if (!fs.existsSync(FIREFOX)) {
    throw new Error(
      `no browser at ${FIREFOX}: the Firefox end-to-end tests need Debian's firefox-esr (apt-get install -y firefox-esr), or FIREFOX_PATH set to a Firefox binary`,
    );
  }
  return puppeteer.launch({
    browser: 'firefox',
    executablePath: FIREFOX,
    headless: true,
    defaultViewport: null,
    // generous: a loaded two-core machine can take many seconds to start Gecko
    timeout: timeBudget(60_000),
    protocolTimeout: 30_000,
  });
}

/** A tab whose script errors, CSP violations, console errors and failed requests are collected. */
export interface WatchedPage {
  page: Page;
  problems: string[];
}

/** Reports every CSP violation on the console as well (Firefox also raises them as page errors). */
const REPORT_CSP = `document.addEventListener('securitypolicyviolation', (e) => console.error('CSP violation: ' + e.violatedDirective + ' ' + e.blockedURI));`;

/** Opens `url` in a new tab with the given viewport (deviceScaleFactor 2 on half a screen is 200% zoom). */
export async function openWatched(
  browser: Browser,
  url: string,
  viewport: Viewport = { width: 1440, height: 900 },
): Promise<WatchedPage> {
  const page = await browser.newPage();
  const problems: string[] = [];
  page.on('pageerror', (err) => problems.push(`page error: ${err instanceof Error ? err.message : String(err)}`));
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(`console: ${m.text()}`);
  });
  page.on('response', (r) => {
    if (r.status() >= 400) problems.push(`HTTP ${r.status()} ${r.url()}`);
  });
  await page.evaluateOnNewDocument(REPORT_CSP);
  await page.setViewport(viewport);
  await page.goto(url);
  return { page, problems };
}

/** Saves a full-page screenshot as a test artefact (test/e2e/artifacts/NAME.png, not committed). */
export async function screenshotFirefox(page: Page, name: string): Promise<string> {
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  const file = path.join(ARTIFACTS, `${name}.png`);
  await page.screenshot({ path: file as `${string}.png`, fullPage: true });
  return file;
}
