import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApp } from '../../src/http/app.js';
import { buildIndex } from '../../src/indexing/build-index.js';
import { IndexCatalog } from '../../src/serving/catalog/index-catalog.js';
import { SearchPool } from '../../src/serving/search-pool/search-pool.js';
import { TINY_BEIR, tmpDir } from '../helpers/tmp.js';
import { searchRequest } from '../robustness/helpers/search-request.js';
import { browserGet } from '../web/helpers/web-fixture.js';

/**
 * An index is opened (a Searcher made over it) once, in the thread that searches it: the main
 * thread of a server without workers, a worker's of one with them, never both. What the main
 * thread answers by itself (404 no such index, 409 unreadable, the listing, the health probe,
 * the playground's pickers) comes from the catalog's registry, which reads an index's metadata
 * and closes the file again. Every Searcher this test's thread makes is counted by name; the
 * workers load their own copy of the module, so what they open is not.
 */
const opened = vi.hoisted(() => [] as string[]);
vi.mock('../../src/search/searcher.js', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../src/search/searcher.js')>();
  class CountedSearcher extends real.Searcher {
    constructor(...args: ConstructorParameters<typeof real.Searcher>) {
      // Counted before it opens, so a failed attempt counts too.
      opened.push(args[0]);
      super(...args);
    }
  }
  return { ...real, Searcher: CountedSearcher };
});

// Three one-chunk documents whose languages are given (nothing depends on detection).
const DOCS = [
  ['de-password', 'de', 'So setzen Sie Ihr Password auf der Anmeldeseite zurück.'],
  ['en-password', 'en', 'How to reset your password on the sign-in page.'],
  ['en-install', 'en', 'Installing the package on Linux takes two minutes.'],
] as const;

const root = tmpDir('open-once-');
const dataDir = path.join(root, 'data');

beforeAll(async () => {
  await buildIndex({ corpus: TINY_BEIR, out: path.join(dataDir, 'good.sqlite'), chunker: 'doc', embedder: 'hash:64' });
  const corpus = path.join(root, 'ml.jsonl');
  fs.writeFileSync(
    corpus,
    DOCS.map(([id, language, text]) => JSON.stringify({ _id: id, text, metadata: { language } })).join('\n') + '\n',
  );
  await buildIndex({
    corpus,
    out: path.join(dataDir, 'ml.sqlite'),
    chunker: 'doc',
    embedder: 'none',
    tokenizer: 'multilingual',
  });
  fs.writeFileSync(path.join(dataDir, 'corrupt.sqlite'), Buffer.from('not an index, just bytes '.repeat(100)));
});

const status = async (app: ReturnType<typeof createApp>, url: string) => (await app.request(url)).status;

describe('without search workers', () => {
  let catalog: IndexCatalog;
  let app: ReturnType<typeof createApp>;
  beforeAll(() => {
    catalog = new IndexCatalog(dataDir);
    app = createApp({ catalog, corporaRoot: root });
  });
  afterAll(() => catalog.close());

  it('answers 404, 409, the listing and the health probe without opening any index', async () => {
    opened.length = 0;
    expect(await status(app, '/search/bm25?index=absent&q=token')).toBe(404);
    expect(await status(app, '/search/bm25?index=corrupt&q=token')).toBe(409);
    expect(await status(app, '/indexes')).toBe(200);
    expect(await status(app, '/indexes/good')).toBe(200);
    expect(await status(app, '/health')).toBe(200);
    expect(opened).toEqual([]);
  });

  it('opens an index once, on its first search, however many searches and pages follow', async () => {
    opened.length = 0;
    for (const mode of ['bm25', 'dense', 'hybrid', 'bm25'])
      expect(await status(app, `/search/${mode}?index=good&q=session%20token`)).toBe(200);
    expect((await browserGet(app, '/?index=good&q=session%20token')).status).toBe(200);
    expect(opened).toEqual(['good']);
  });
});

describe('with search workers', () => {
  let pool: SearchPool;
  let catalog: IndexCatalog;
  let app: ReturnType<typeof createApp>;
  beforeAll(async () => {
    catalog = new IndexCatalog(dataDir);
    pool = await SearchPool.start({ workers: 1 });
    app = createApp({ catalog, corporaRoot: root, searchPool: pool });
  });
  afterAll(async () => {
    await pool.close();
    await catalog.close();
  });

  it('opens nothing on the main thread: searches, the playground, 404 and 409 alike', async () => {
    opened.length = 0;
    const res = await app.request('/search/hybrid?index=good&q=session%20token&k=3');
    expect(res.status).toBe(200);
    expect(((await res.json()) as { hits: { doc_id: string }[] }).hits[0]?.doc_id).toBe('error-e1042');
    expect((await browserGet(app, '/?index=ml&q=password')).status).toBe(200);
    expect(await status(app, '/search/bm25?index=absent&q=token')).toBe(404);
    expect(await status(app, '/search/bm25?index=corrupt&q=token')).toBe(409);
    expect(opened).toEqual([]);
  });

  it("reads the hits' languages in the worker, as the in-process searcher reads them", async () => {
    const { file } = catalog.indexes.searchable('ml');
    const response = await pool.search('ml', file, searchRequest('bm25', 'password', { k: 3 }));
    // Both documents with the word, each in the language its corpus line gives it.
    expect(response.hits.map((h) => h.doc_id).sort()).toEqual(['de-password', 'en-password']);
    const expected = new Map(response.hits.map((h) => [h.id, h.doc_id.slice(0, 2)]));
    expect(await pool.hitLanguages('ml', file, [response])).toEqual(expected);
    opened.length = 0;
    expect(await catalog.local.hitLanguages('ml', file, [response])).toEqual(expected);
    expect(opened).toEqual(['ml']);
  });
});
