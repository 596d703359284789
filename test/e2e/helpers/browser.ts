import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { timeBudget } from '../../helpers/time-budget.js';

/** Debian's chromium (apt-get install -y chromium); CHROMIUM_PATH overrides it. */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const ARTIFACTS = path.resolve(import.meta.dirname, '../artifacts');

/**
 * Starts headless Chromium from the system package. Playwright's own browser download cannot
 * work here, so a missing browser is a failure that says what to install, never a skip.
 */
export async function launchChromium(): Promise<Browser> {
  if (!fs.existsSync(CHROMIUM)) {
    throw new Error(
      `no browser at ${CHROMIUM}: the end-to-end tests need Debian's chromium (apt-get install -y chromium), or CHROMIUM_PATH set to a Chromium binary`,
    );
  }
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
    timeout: timeBudget(30_000),
  });
}

/** Saves a full-page screenshot as a test artefact (test/e2e/artifacts/NAME.png, not committed). */
export async function screenshot(page: Page, name: string): Promise<string> {
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  const file = path.join(ARTIFACTS, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}
