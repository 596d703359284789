import { afterAll, beforeAll } from 'vitest';
import { startWebServer, type WebServer } from './web-server.js';

export interface BrowserSuite<B> {
  /** The real server on 127.0.0.1 (available once the suite's beforeAll has run). */
  server(): WebServer;
  /** The browser, or the reason there is none: every test then fails with it (none is skipped). */
  browser(): B;
}

/**
 * One test file's server and browser: started before its tests, closed after. A browser that
 * cannot be launched is not a skip: the launch error is kept and thrown by every test that asks
 * for the browser, so a CI machine without it fails loudly, naming what to install.
 */
export function browserSuite<B extends { close(): Promise<void> }>(launch: () => Promise<B>): BrowserSuite<B> {
  let server: WebServer | undefined;
  let browser: B | undefined;
  let launchError: unknown;
  beforeAll(async () => {
    server = await startWebServer();
    try {
      browser = await launch();
    } catch (err) {
      launchError = err;
    }
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });
  return {
    server() {
      if (!server) throw new Error('the web server is not started yet (call inside a test)');
      return server;
    },
    browser() {
      if (!browser) throw launchError;
      return browser;
    },
  };
}
