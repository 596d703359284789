import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IndexCatalog } from '../../src/serving/catalog/index-catalog.js';
import { createApp } from '../../src/http/app.js';
import { startServer } from '../../src/http/start-server.js';
import { buildIndex } from '../../src/indexing/build-index.js';
import { TINY_BEIR, tmpDir } from '../helpers/tmp.js';

/** Edge cases found by the robustness review: each was a 500, a non-JSON answer or a silent accept. */
const root = tmpDir('edges-');
const data = path.join(root, 'data');
const corpora = path.join(root, 'corpora');
let catalog: IndexCatalog;
let app: ReturnType<typeof createApp>;

beforeAll(async () => {
  fs.cpSync(TINY_BEIR, path.join(corpora, 'tiny'), { recursive: true });
  await buildIndex({ corpus: TINY_BEIR, out: path.join(data, 'tiny.sqlite'), embedder: 'hash:16', chunker: 'doc' });
  fs.mkdirSync(path.join(root, 'experiments', 'a-folder'), { recursive: true });
  catalog = new IndexCatalog(data);
  app = createApp({
    catalog,
    corporaRoot: corpora,
    experimentsRoot: path.join(root, 'experiments'),
    resultsRoot: path.join(root, 'results'),
  });
});
afterAll(() => catalog.close());

const json = (url: string, body: unknown, type = 'application/json') =>
  app.request(url, { method: 'POST', body: JSON.stringify(body), headers: { 'content-type': type } });
const message = async (res: Response) => ((await res.json()) as { error: { message: string } }).error.message;

describe('HTTP edge cases', () => {
  it('an unknown parameter is refused alike in a POST body and a GET query string (kk=3, levle)', async () => {
    const res = await json('/search/bm25', { index: 'tiny', q: 'install', levle: 'doc' });
    expect(res.status).toBe(400);
    expect(await message(res)).toMatch(/levle/);
    const post = await json('/search/hybrid', { index: 'tiny', q: 'install', kk: 3 });
    const get = await app.request('/search/hybrid?index=tiny&q=install&kk=3');
    for (const r of [post, get]) {
      expect(r.status).toBe(400);
      expect(await message(r)).toMatch(/unknown parameter "kk"/);
    }
    expect((await app.request('/search/bm25?index=tiny&q=install&k=3')).status).toBe(200);
  });

  it('numbers must be decimals (an exponent allowed), finite, with nothing around them', async () => {
    for (const k of ['0x10', '%205%20', 'Infinity', '1e309', '5abc', '2.5'])
      expect((await app.request(`/search/bm25?index=tiny&q=a&k=${k}`)).status, k).toBe(400);
    // 1e1 is ten in decimal notation, as JSON would read it: the one number parser takes it everywhere.
    expect((await app.request('/search/bm25?index=tiny&q=a&k=1e1')).status).toBe(200);
  });

  it('POST /indexes refuses an unknown embedder and a non-JSON content type at once', async () => {
    const bad = await json('/indexes', { name: 'x', corpus: 'tiny', embedder: 'word2vec' });
    expect(bad.status).toBe(400);
    expect(await message(bad)).toMatch(/unknown embedder "word2vec"/);
    expect((await json('/indexes', { name: 'x', corpus: 'tiny', embedder: 'hash:1' })).status).toBe(400);
    expect((await json('/indexes', { name: 'x', corpus: 'tiny' }, 'text/plain')).status).toBe(415);
  });

  it('a folder given as an experiment config is a 400 naming the config, not a 500', async () => {
    const res = await json('/experiments', { config: 'a-folder' });
    expect(res.status).toBe(400);
    expect(await message(res)).toBe('config "a-folder" is not a file');
    const outside = await json('/experiments', { config: '../x.yaml' });
    expect(await message(outside)).toMatch(/^config path "..\/x.yaml" is outside the experiments folder/);
  });

  it('a missing corpora root is a 404 saying so', async () => {
    const bare = createApp({ catalog, corporaRoot: path.join(root, 'no-such-root') });
    const res = await bare.request('/indexes', {
      method: 'POST',
      body: JSON.stringify({ name: 'x', corpus: 'tiny' }),
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(404);
    expect(await message(res)).toMatch(/corpora root .* does not exist/);
  });

  it('over a real socket: a 413 closes the connection; a 2,000-character query of 3-byte characters is served', async () => {
    const s = await startServer({ dataDir: data, corporaRoot: corpora, port: 0 });
    try {
      const big = await fetch(`${s.url}/search/bm25`, {
        method: 'POST',
        body: JSON.stringify({ index: 'tiny', q: 'x'.repeat(100_000) }),
        headers: { 'content-type': 'application/json' },
      });
      expect(big.status).toBe(413);
      expect(big.headers.get('connection')).toBe('close');
      const wide = await fetch(`${s.url}/search/bm25?index=tiny&q=${encodeURIComponent('日'.repeat(2000))}`);
      expect(wide.status).toBe(200);
    } finally {
      await s.close();
    }
  });
});
