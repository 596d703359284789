import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IndexCatalog } from '../../src/serving/catalog/index-catalog.js';
import { createApp } from '../../src/http/app.js';
import { legTypes } from '../../src/legs/registry.js';
import { buildIndex } from '../../src/indexing/build-index.js';
import type { SearchResponse } from '../../src/search/types.js';
import { TINY_BEIR, tmpDir } from '../helpers/tmp.js';

const root = tmpDir();
const dataDir = path.join(root, 'data');
let catalog: IndexCatalog;
let app: ReturnType<typeof createApp>;

beforeAll(async () => {
  await buildIndex({
    corpus: TINY_BEIR,
    out: path.join(dataDir, 'tiny.sqlite'),
    chunker: 'structure:40',
    embedder: 'hash:64',
  });
  catalog = new IndexCatalog(dataDir);
  fs.mkdirSync(path.join(root, 'corpora'), { recursive: true });
  app = createApp({ catalog, corporaRoot: path.join(root, 'corpora') });
});
afterAll(() => catalog.close());

const get = (url: string) => app.request(url);
const post = (url: string, body: unknown) =>
  app.request(url, { method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json' } });
const q = 'error E1042 session token';
const threeLegs = [
  { type: 'lexical', engine: 'fts5' },
  { type: 'lexical', engine: 'wink', k1: 1.2 },
  { type: 'dense' },
];

async function errorOf(res: Response) {
  return ((await res.json()) as { error: { code: string; message: string } }).error;
}

describe('/search: a pipeline or a shorthand, the same parameters on GET and POST', () => {
  it('an unknown parameter (kk=3) is a 400 naming it, on GET and POST, pipeline or shorthand, with or without a mode path', async () => {
    const answers = [
      await get(`/search?index=tiny&q=x&kk=3`),
      await post('/search', { index: 'tiny', q: 'x', kk: 3 }),
      await get(`/search/hybrid?index=tiny&q=x&kk=3`),
      await post('/search/hybrid', { index: 'tiny', q: 'x', kk: 3 }),
      await post('/search', { index: 'tiny', q: 'x', legs: [{ type: 'dense' }], kk: 3 }),
      await get(`/search?index=tiny&q=x&legs=${encodeURIComponent('[{"type":"dense"}]')}&kk=3`),
    ];
    for (const res of answers) {
      expect(res.status).toBe(400);
      const error = await errorOf(res);
      expect(error.code).toBe('bad_input');
      expect(error.message).toMatch(/unknown parameter "kk"/);
    }
  });

  it('an unknown leg type is a 400 listing the registered leg types and the closest one, on POST and GET', async () => {
    const answers = [
      await post('/search', { index: 'tiny', q: 'x', legs: [{ type: 'lexcal' }] }),
      await get(`/search?index=tiny&q=x&legs=${encodeURIComponent('[{"type":"lexcal"}]')}`),
    ];
    for (const res of answers) {
      expect(res.status).toBe(400);
      const error = await errorOf(res);
      expect(error.code).toBe('bad_input');
      // Every registered type is named, in the registry's order; "lexcal" is one edit from "lexical".
      expect(legTypes()).toEqual(expect.arrayContaining(['lexical', 'dense']));
      expect(error.message).toBe(
        `(field "legs.0.type"): unknown leg type "lexcal"; the leg types are ${legTypes().join(', ')}; did you mean "lexical"?`,
      );
    }
    // No suggestion for a type that is no typo of any.
    const far = await errorOf(await post('/search', { index: 'tiny', q: 'x', legs: [{ type: 'zzzzzz' }] }));
    expect(far.message).toBe(
      `(field "legs.0.type"): unknown leg type "zzzzzz"; the leg types are ${legTypes().join(', ')}`,
    );
  });

  it('POST /search runs a 3-leg pipeline: sources keyed by leg name, the settled pipeline echoed, q as the query', async () => {
    const res = await post('/search', {
      index: 'tiny',
      q,
      legs: threeLegs,
      fusion: { method: 'combmnz', norm: 'zscore' },
      k: 4,
      level: 'doc',
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as SearchResponse;
    expect(body).toMatchObject({ mode: 'pipeline', q, k: 4, level: 'doc' });
    expect(body.pipeline.legs.map((l) => l.name)).toEqual(['fts5', 'wink', 'dense']);
    expect(body.pipeline.fusion).toEqual({
      method: 'combmnz',
      norm: 'zscore',
      rrfK: 60,
      weights: [1, 1, 1],
      depth: 100,
    });
    expect(body.hits[0]!.id).toBe('error-e1042');
    expect(Object.keys(body.hits[0]!.sources!).sort()).toEqual(['dense', 'fts5', 'wink']);
    for (const leg of ['fts5', 'wink', 'dense']) expect(body.took_ms).toHaveProperty(leg);
    expect(body).not.toHaveProperty('query');
  });

  it('GET /search with legs as JSON text answers what POST answers', async () => {
    const params = new URLSearchParams({
      index: 'tiny',
      q,
      legs: JSON.stringify(threeLegs),
      fusion: JSON.stringify({ method: 'rrf', rrf_k: 10 }),
      k: '5',
    });
    const [viaGet, viaPost] = [
      (await (await get(`/search?${params}`)).json()) as SearchResponse,
      (await (
        await post('/search', { index: 'tiny', q, legs: threeLegs, fusion: { method: 'rrf', rrf_k: 10 }, k: 5 })
      ).json()) as SearchResponse,
    ];
    expect(viaGet.hits.map((h) => [h.id, h.score])).toEqual(viaPost.hits.map((h) => [h.id, h.score]));
    expect(viaGet.pipeline).toEqual(viaPost.pipeline);
  });

  it('a shorthand is the pipeline it names: /search/hybrid = /search?mode=hybrid = the same legs written out', async () => {
    const byPath = (await (
      await get(`/search/hybrid?index=tiny&q=${encodeURIComponent(q)}&k=5&rrf_k=20`)
    ).json()) as SearchResponse;
    const byParam = (await (
      await get(`/search?mode=hybrid&index=tiny&q=${encodeURIComponent(q)}&k=5&rrf_k=20`)
    ).json()) as SearchResponse;
    const written = (await (
      await post('/search', {
        index: 'tiny',
        q,
        k: 5,
        legs: [
          { type: 'lexical', name: 'bm25' },
          { type: 'dense', name: 'dense' },
        ],
        fusion: { rrf_k: 20 },
      })
    ).json()) as SearchResponse;
    expect(byPath.mode).toBe('hybrid');
    for (const other of [byParam, written])
      expect(other.hits.map((h) => [h.id, h.score, h.sources])).toEqual(
        byPath.hits.map((h) => [h.id, h.score, h.sources]),
      );
  });

  it('a filter narrows every leg to the documents that pass', async () => {
    // The fixture holds one German page (de-install) and one Japanese (ja-reset); the rest is English.
    const search = async (filter: unknown) =>
      (
        (await (
          await post('/search', { index: 'tiny', q: 'install', legs: threeLegs, k: 50, level: 'doc', filter })
        ).json()) as SearchResponse
      ).hits.map((h) => h.doc_id);
    const all = await search(undefined);
    expect(all).toContain('de-install');
    expect(await search({ lang: 'de' })).toEqual(['de-install']);
    const english = await search({ lang: 'en' });
    expect(english.length).toBeGreaterThan(0);
    expect(english).not.toContain('de-install');
    expect(english).not.toContain('ja-reset');
    expect(await search({ lang: { in: ['de', 'ja'] } })).toEqual(expect.arrayContaining(['de-install']));
    expect(await search({ lang: 'xx' })).toEqual([]);
  });

  it('refuses run-file legs (a free-text search has no query id; the server reads no file a request names), 1e309 and bad JSON', async () => {
    const run = await post('/search', { index: 'tiny', q, legs: [{ type: 'run', file: '/etc/passwd' }], level: 'doc' });
    expect(run.status).toBe(400);
    expect((await errorOf(run)).message).toBe(
      '(field "legs.0"): run legs need query ids: use them in `testbed retrieve` or an experiment',
    );
    const huge = await get(`/search/hybrid?index=tiny&q=x&rrf_k=1e309`);
    expect(huge.status).toBe(400);
    expect((await errorOf(huge)).message).toMatch(/rrf_k must be a number > 0/);
    // 1e309 is Infinity to Number() and JSON.parse alike: refused on GET and POST, by name.
    for (const res of [
      await get(`/search/hybrid?index=tiny&q=x&weights=1e309,1`),
      await post('/search/hybrid', { index: 'tiny', q: 'x', weights: [Infinity, 1] }),
      await app.request('/search/hybrid', {
        method: 'POST',
        body: '{"index":"tiny","q":"x","rrf_k":1e309}',
        headers: { 'content-type': 'application/json' },
      }),
      await post('/search', { index: 'tiny', q: 'x', legs: threeLegs, fusion: { weights: [1, 1, Number.MAX_VALUE] } }),
    ]) {
      expect(res.status).toBe(400);
      expect((await errorOf(res)).message).toMatch(/weights|rrf_k/);
    }
    const broken = await get(`/search?index=tiny&q=x&legs=${encodeURIComponent('[{"type"')}`);
    expect(broken.status).toBe(400);
    expect((await errorOf(broken)).message).toMatch(/legs must be JSON/);
  });
});
