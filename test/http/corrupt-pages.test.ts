import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/http/app.js';
import { buildIndex } from '../../src/indexing/build-index.js';
import { IndexCatalog } from '../../src/serving/catalog/index-catalog.js';
import { SearchPool } from '../../src/serving/search-pool/search-pool.js';
import { corruptDataPages } from '../helpers/corrupt-pages.js';
import { TINY_BEIR, tmpDir } from '../helpers/tmp.js';

/**
 * An index whose data pages are overwritten while its header, its schema and its metadata stay
 * intact: the file opens and its metadata reads, so only an integrity check (or the search that
 * reads a bad page) finds it out. It is listed `unreadable`, and searching it is a JSON 409, on
 * the server's own thread and on its search workers alike; and a search that meets a corrupt page
 * in an index the check did not catch answers 409 too, never 500.
 */
const root = tmpDir('corrupt-pages-');
const dataDir = path.join(root, 'data');
let catalog: IndexCatalog;
let pool: SearchPool;

beforeAll(async () => {
  for (const name of ['good', 'broken'])
    await buildIndex({
      corpus: TINY_BEIR,
      out: path.join(dataDir, `${name}.sqlite`),
      chunker: 'doc',
      embedder: 'hash:64',
    });
  const header = fs.readFileSync(path.join(dataDir, 'broken.sqlite')).subarray(0, 100);
  expect(corruptDataPages(path.join(dataDir, 'broken.sqlite'))).toBeGreaterThan(3);
  // the header is as it was: the file still says it is a SQLite database of the same size
  expect(fs.readFileSync(path.join(dataDir, 'broken.sqlite')).subarray(0, 100)).toEqual(header);
  catalog = new IndexCatalog(dataDir);
  pool = await SearchPool.start({ workers: 1 });
});
afterAll(async () => {
  catalog.close();
  await pool.close();
});

type ErrorAnswer = { error: { code: string; message: string } };

describe.each([
  ['in process', () => createApp({ catalog, corporaRoot: root })],
  ['on a search worker', () => createApp({ catalog, corporaRoot: root, searchPool: pool })],
])('an index with corrupt pages, searched %s', (_where, app) => {
  it('is listed unreadable, the good one ready', async () => {
    const res = await app().request('/indexes');
    const { indexes } = (await res.json()) as { indexes: { name: string; status: string; error?: string }[] };
    expect(indexes.map((i) => [i.name, i.status])).toEqual([
      ['broken', 'unreadable'],
      ['good', 'ready'],
    ]);
    expect(indexes[0]!.error).toMatch(/^not a readable testbed index: /);
  });

  it('searching it is a JSON 409 index_unreadable in every mode, the good one still 200', async () => {
    for (const mode of ['bm25', 'dense', 'hybrid']) {
      const res = await app().request(`/search/${mode}?index=broken&q=password%20reset`);
      expect(res.status, mode).toBe(409);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      const { error } = (await res.json()) as ErrorAnswer;
      expect(error.code).toBe('index_unreadable');
      expect(error.message).toMatch(/^index "broken" cannot be read \(/);
    }
    expect((await app().request('/search/hybrid?index=good&q=password%20reset')).status).toBe(200);
  });
});

describe('a file damaged after it was checked (same inode, size and time: the registry reads it as the same version)', () => {
  it('its first search is a 409, and from then on it is listed unreadable', async () => {
    const dir = path.join(root, 'rot');
    const file = path.join(dir, 'rotten.sqlite');
    await buildIndex({ corpus: TINY_BEIR, out: file, chunker: 'doc', embedder: 'hash:64' });
    const when = new Date('2026-01-01T00:00:00Z');
    fs.utimesSync(file, when, when);
    const rotCatalog = new IndexCatalog(dir);
    try {
      const app = createApp({ catalog: rotCatalog, corporaRoot: root });
      const before = (await (await app.request('/indexes')).json()) as { indexes: { status: string }[] };
      expect(before.indexes.map((i) => i.status)).toEqual(['ready']);
      corruptDataPages(file);
      fs.utimesSync(file, when, when);
      const res = await app.request('/search/bm25?index=rotten&q=password%20reset');
      expect(res.status).toBe(409);
      expect(((await res.json()) as ErrorAnswer).error.message).toBe(
        'index "rotten" cannot be read (database disk image is malformed): rebuild it, or replace its file with a complete copy',
      );
      const after = (await (await app.request('/indexes')).json()) as { indexes: { status: string; error: string }[] };
      expect(after.indexes).toMatchObject([{ status: 'unreadable', error: 'database disk image is malformed' }]);
    } finally {
      await rotCatalog.close();
    }
  });
});

describe('a corrupt page met by a search the check did not catch (a file too big to check at open)', () => {
  it('is an UnreadableIndexError (409) from the server thread and from a worker', async () => {
    const { InProcessSearch } = await import('../../src/serving/searchers/in-process-search.js');
    const { UnreadableIndexError } = await import('../../src/serving/catalog/index-status.js');
    const { parseSearchParams } = await import('../../src/search/search-params.js');
    const { index: _index, ...request } = parseSearchParams('bm25', { index: 'broken', q: 'password reset' });
    const file = path.join(dataDir, 'broken.sqlite');
    const local = new InProcessSearch();
    try {
      const here = await local.search('broken', file, request).catch((err: unknown) => err);
      expect(here).toBeInstanceOf(UnreadableIndexError);
      expect((here as Error).message).toMatch(/^index "broken" cannot be read \(database disk image is malformed\)/);
    } finally {
      await local.close();
    }
    const there = await pool.searchJson('broken', file, request).catch((err: unknown) => err);
    expect(there).toBeInstanceOf(UnreadableIndexError);
  });
});
