import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/http/app.js';
import { IndexCatalog } from '../../src/serving/catalog/index-catalog.js';
import { tmpDir } from '../helpers/tmp.js';

/**
 * An unknown path (issue 26: `/nope` in a browser showed raw JSON): a browser navigating
 * (Accept: text/html) gets a 404 page naming the path, with a link back; fetch(), curl and other
 * API clients keep the JSON error.
 */
const root = tmpDir('not-found-');
const catalog = new IndexCatalog(path.join(root, 'data'));
const app = createApp({ catalog, corporaRoot: path.join(root, 'corpora') });
afterAll(() => catalog.close());

// What Firefox and Chrome send when following a link.
const BROWSER_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';

describe('404', () => {
  it('is an HTML page for a browser, naming the path escaped, with a link back', async () => {
    const res = await app.request('/nope/<b>x</b>', { headers: { accept: BROWSER_ACCEPT } });
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await res.text();
    expect(html.startsWith('<!DOCTYPE html>')).toBe(true);
    expect(html).toContain('<h1>Not found</h1>');
    expect(html).toContain('Nothing here: /nope/&lt;b&gt;x&lt;/b&gt;');
    expect(html).not.toContain('<b>x</b>');
    expect(html).toContain('href="/experiments"');
  });

  it('stays JSON for an API client (no Accept, JSON, or anything)', async () => {
    for (const accept of [undefined, 'application/json', '*/*']) {
      const res = await app.request('/nope', accept ? { headers: { accept } } : {});
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ error: { code: 'not_found', message: 'no route GET /nope' } });
    }
  });
});
