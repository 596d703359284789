import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tmpDir } from '../helpers/tmp.js';
import { browserGet, webFixture, type WebFixture } from './helpers/web-fixture.js';

let fx: WebFixture;
beforeAll(async () => {
  fx = await webFixture(tmpDir('web-api-docs-'));
});
afterAll(() => fx.catalog.close());

/** Every URL a page loads: script src and link href (stylesheets and icons). */
const loaded = (html: string) => [...html.matchAll(/<(?:script[^>]* src|link[^>]* href)="([^"]*)"/g)].map((m) => m[1]!);

describe('GET /docs (the API reference)', () => {
  it('is an HTML page under the strict CSP that loads only files from this server', async () => {
    const res = await browserGet(fx.app, '/docs');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
    const html = await res.text();
    expect(html).not.toMatch(/<script>|<style>| style="/);
    const urls = loaded(html).filter((u) => u !== 'data:,');
    expect(urls).toEqual([
      '/docs/assets/swagger-ui.css',
      '/docs/assets/docs.css',
      '/docs/assets/swagger-ui-bundle.js',
      '/docs/assets/docs.js',
    ]);
    // same origin: a path, never a scheme or a protocol-relative //host
    for (const u of urls) expect(u, u).toMatch(/^\/(?!\/)/);
    expect(html).not.toMatch(/https?:\/\//);
  });

  it('serves each of those files with 200 and the type the browser needs to run or apply it', async () => {
    const html = await (await browserGet(fx.app, '/docs')).text();
    for (const url of loaded(html).filter((u) => u !== 'data:,')) {
      const res = await fx.app.request(url);
      expect(res.status, url).toBe(200);
      // nosniff is set, so a wrong type would make the browser refuse the file
      expect(res.headers.get('x-content-type-options'), url).toBe('nosniff');
      expect(res.headers.get('content-type'), url).toMatch(url.endsWith('.css') ? /^text\/css/ : /^text\/javascript/);
    }
  });

  it('runs Swagger UI from node_modules on /openapi.json without calling out', async () => {
    const bundle = await (await fx.app.request('/docs/assets/swagger-ui-bundle.js')).text();
    expect(bundle).toContain('SwaggerUIBundle');
    // the .map files are not served, so the stylesheet must not point the devtools at one
    const css = await (await fx.app.request('/docs/assets/swagger-ui.css')).text();
    expect(css).toContain('.swagger-ui');
    expect(css).not.toContain('sourceMappingURL');
    const init = await (await fx.app.request('/docs/assets/docs.js')).text();
    expect(init).toContain("url: '/openapi.json'");
    // the default would send the document to validator.swagger.io
    expect(init).toContain('validatorUrl: null');
  });

  it('answers a repeated asset request with 304 when the ETag matches', async () => {
    const first = await fx.app.request('/docs/assets/swagger-ui.css');
    const tag = first.headers.get('etag');
    expect(tag).toBeTruthy();
    const again = await fx.app.request('/docs/assets/swagger-ui.css', { headers: { 'if-none-match': tag! } });
    expect(again.status).toBe(304);
  });

  it('404s a name outside its table, including a path into node_modules', async () => {
    expect((await fx.app.request('/docs/assets/index.html')).status).toBe(404);
    expect((await fx.app.request('/docs/assets/..%2Fpackage.json')).status).toBe(404);
  });
});

describe('the pages link the API reference', () => {
  it('the nav "API" link points to /docs on every page', async () => {
    for (const url of ['/', '/experiments']) {
      const html = await (await browserGet(fx.app, url)).text();
      expect(html, url).toContain('<a href="/docs">API</a>');
      expect(html, url).not.toContain('<a href="/openapi.json">API</a>');
    }
  });
});
