import fc from 'fast-check';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IndexCatalog } from '../../src/serving/catalog/index-catalog.js';
import { createApp } from '../../src/http/app.js';
import { buildIndex } from '../../src/indexing/build-index.js';
import type { Level } from '../../src/retrievers/types.js';
import type { Searcher } from '../../src/search/searcher.js';
import type { Engine, Mode, SearchResponse } from '../../src/search/types.js';
import { pipelineForMode } from '../../src/pipeline/search-spec.js';
import { TINY_BEIR, tmpDir } from '../helpers/tmp.js';
import { percentEncode, queryText } from './helpers/hostile-strings.js';

/**
 * Whatever a user types, the query path answers: every retriever (FTS5 and wink BM25, dense,
 * hybrid by RRF and by score fusion under both normalisations) returns at most k well-formed
 * hits for any string, and the HTTP service never answers a 5xx for it, by GET (as percent-
 * encoded UTF-8, or as raw malformed escapes) or by POST (JSON keeps lone surrogates).
 */

const dir = tmpDir('query-property-');
const dataDir = path.join(dir, 'data');
let catalog: IndexCatalog;
let searcher: Searcher;
let app: ReturnType<typeof createApp>;
const docIds = new Set(
  fs
    .readFileSync(path.join(TINY_BEIR, 'corpus.jsonl'), 'utf8')
    .trim()
    .split('\n')
    .map((l) => (JSON.parse(l) as { _id: string })._id),
);

beforeAll(async () => {
  await buildIndex({
    corpus: TINY_BEIR,
    out: path.join(dataDir, 'tiny.sqlite'),
    chunker: 'structure:40',
    embedder: 'hash:64',
  });
  catalog = new IndexCatalog(dataDir);
  searcher = catalog.local.searcher('tiny', catalog.indexes.fileOf('tiny'));
  app = createApp({ catalog, corporaRoot: dir });
});
afterAll(() => catalog.close());

/** `fusion`: the hybrid shorthand's fusion parameters (score = wsum with weights 1 - alpha, alpha). */
const RETRIEVERS: { label: string; mode: Mode; engine: Engine; fusion: Record<string, unknown> }[] = [
  { label: 'bm25 fts5', mode: 'bm25', engine: 'fts5', fusion: {} },
  { label: 'bm25 wink', mode: 'bm25', engine: 'wink', fusion: {} },
  { label: 'dense (hash)', mode: 'dense', engine: 'fts5', fusion: {} },
  { label: 'hybrid rrf', mode: 'hybrid', engine: 'fts5', fusion: { fusion: 'rrf' } },
  {
    label: 'hybrid rrf, wink leg',
    mode: 'hybrid',
    engine: 'wink',
    fusion: { fusion: 'rrf', rrf_k: 1, weights: [0, 1], depth: 3 },
  },
  {
    label: 'hybrid score minmax',
    mode: 'hybrid',
    engine: 'fts5',
    fusion: { fusion: 'score', alpha: 0.5, norm: 'minmax' },
  },
  {
    label: 'hybrid score zscore',
    mode: 'hybrid',
    engine: 'fts5',
    fusion: { fusion: 'score', alpha: 0.3, norm: 'zscore', depth: 5 },
  },
];

/** What every answer must look like, whatever the query. */
function checkHits(hits: SearchResponse['hits'], k: number, level: Level): void {
  expect(hits.length).toBeLessThanOrEqual(k);
  hits.forEach((h, i) => {
    expect(h.rank).toBe(i + 1);
    expect(Number.isFinite(h.score)).toBe(true);
    expect(docIds.has(h.doc_id)).toBe(true);
    expect(typeof h.text).toBe('string');
    if (i > 0) expect(h.score).toBeLessThanOrEqual(hits[i - 1]!.score);
  });
  expect(new Set(hits.map((h) => h.id)).size).toBe(hits.length);
  if (level === 'doc') expect(new Set(hits.map((h) => h.doc_id)).size).toBe(hits.length);
}

describe('Searcher.search on any string', () => {
  it.each(RETRIEVERS)(
    '$label never throws and returns at most k well-formed hits',
    async ({ mode, engine, fusion }) => {
      let withHits = 0;
      await fc.assert(
        fc.asyncProperty(
          queryText(),
          fc.integer({ min: 1, max: 15 }),
          fc.constantFrom<Level>('chunk', 'doc'),
          async (query, k, level) => {
            const res = await searcher.search({
              query,
              mode,
              pipeline: pipelineForMode(mode, { engine, k, level, ...fusion }),
            });
            checkHits(res.hits, k, level);
            if (res.hits.length > 0) withHits++;
          },
        ),
        { numRuns: 150 },
      );
      // not vacuous: plenty of these strings contain words of the corpus
      expect(withHits).toBeGreaterThan(10);
    },
  );
});

type HttpAnswer = { status: number; body: unknown };
async function answer(res: Response): Promise<HttpAnswer> {
  const text = await res.text();
  return { status: res.status, body: JSON.parse(text) as unknown };
}

const seen: number[] = [];

function checkAnswer({ status, body }: HttpAnswer, k: number): void {
  seen.push(status);
  expect(status).toBeLessThan(500);
  if (status === 200) {
    checkHits((body as SearchResponse).hits, k, (body as SearchResponse).level);
  } else {
    expect(status).toBeGreaterThanOrEqual(400);
    const error = (body as { error: { code: unknown; message: unknown } }).error;
    expect(typeof error.code).toBe('string');
    expect(typeof error.message).toBe('string');
  }
}

describe('the HTTP app on any string', () => {
  afterAll(() => {
    // not vacuous: the strings reached the search (200) and some were refused as input (400)
    expect(seen.filter((s) => s === 200).length).toBeGreaterThan(100);
    expect(seen).toContain(400);
  });
  const modes = fc.constantFrom<Mode>('bm25', 'dense', 'hybrid');

  it('GET with the query percent-encoded as UTF-8 never answers 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(queryText(), modes, fc.integer({ min: 1, max: 15 }), async (q, mode, k) => {
        checkAnswer(await answer(await app.request(`/search/${mode}?index=tiny&k=${k}&q=${percentEncode(q)}`)), k);
      }),
      { numRuns: 200 },
    );
  });

  it('GET with raw, possibly malformed escapes and bytes (%zz, %FF, truncated UTF-8) never answers 5xx', async () => {
    const rawPiece = fc.oneof(
      fc.constantFrom(
        '%',
        '%%',
        '%zz',
        '%0',
        '%FF',
        '%C3',
        '%E2%82',
        '%ED%A0%80',
        '%F4%90%80%80',
        '%00',
        '+',
        '&',
        '&q=',
        '=',
        ';',
        '#x',
        '%26',
        '%3D',
      ),
      fc
        .uint8Array({ maxLength: 6 })
        .map((bytes) => [...bytes].map((b) => '%' + b.toString(16).padStart(2, '0')).join('')),
      fc.stringMatching(/^[A-Za-z0-9 ._~-]{0,8}$/).map((s) => s.replace(/ /g, '+')),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.array(rawPiece, { maxLength: 12 }).map((a) => a.join('')),
        modes,
        async (raw, mode) => {
          checkAnswer(await answer(await app.request(`/search/${mode}?index=tiny&k=5&q=${raw}`)), 5);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('POST with the query in a JSON body (lone surrogates survive JSON) never answers 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(
        queryText(),
        modes,
        fc.integer({ min: 1, max: 15 }),
        fc.constantFrom('chunk', 'doc'),
        async (q, mode, k, level) => {
          const res = await app.request(`/search/${mode}`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ index: 'tiny', q, k, level }),
          });
          checkAnswer(await answer(res), k);
        },
      ),
      { numRuns: 200 },
    );
  });
});
