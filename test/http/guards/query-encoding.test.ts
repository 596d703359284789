import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../src/http/app.js';
import { malformedParameter } from '../../../src/http/guards/query-encoding.js';
import { buildIndex } from '../../../src/indexing/build-index.js';
import type { SearchResponse } from '../../../src/search/types.js';
import { IndexCatalog } from '../../../src/serving/catalog/index-catalog.js';
import { TINY_BEIR, tmpDir } from '../../helpers/tmp.js';

/**
 * Issue 24, item 13: a query string whose percent-encoding is malformed is a JSON 400 naming the
 * parameter, on every route that reads text from it, instead of being read leniently (the
 * escapes kept as literal text and searched).
 */
describe('malformedParameter', () => {
  it('names the first parameter that is not percent-encoded UTF-8', () => {
    // %E0 starts a three-byte UTF-8 sequence: %E0%A4 needs one more byte, and %A is no escape.
    expect(malformedParameter('index=x&q=%E0%A4%A')).toEqual({ name: 'q', raw: '%E0%A4%A' });
    expect(malformedParameter('q=%E0%A4')).toEqual({ name: 'q', raw: '%E0%A4' });
    expect(malformedParameter('q=%ZZ')).toEqual({ name: 'q', raw: '%ZZ' });
    expect(malformedParameter('q=100%')).toEqual({ name: 'q', raw: '100%' });
    // a lone continuation byte is no UTF-8 either
    expect(malformedParameter('k=5&qlang=%80')).toEqual({ name: 'qlang', raw: '%80' });
    // the name can be the malformed part
    expect(malformedParameter('%E0=1')).toEqual({ name: '%E0', raw: '%E0' });
  });

  it('passes well-formed query strings, however encoded', () => {
    expect(malformedParameter('')).toBeUndefined();
    expect(malformedParameter('q=caf%C3%A9&k=3')).toBeUndefined(); // café
    expect(malformedParameter('q=%E0%A4%A8')).toBeUndefined(); // न, the three bytes complete
    expect(malformedParameter('q=a+b&flag&&x=')).toBeUndefined();
    expect(malformedParameter('q=100%25')).toBeUndefined(); // 100%
  });
});

const root = tmpDir('query-encoding-');
const dataDir = path.join(root, 'data');
const corporaRoot = path.join(root, 'corpora');
let catalog: IndexCatalog;
let app: ReturnType<typeof createApp>;

beforeAll(async () => {
  fs.cpSync(TINY_BEIR, path.join(corporaRoot, 'tiny'), { recursive: true });
  await buildIndex({ corpus: TINY_BEIR, out: path.join(dataDir, 'tiny.sqlite'), chunker: 'doc', embedder: 'hash:64' });
  catalog = new IndexCatalog(dataDir);
  app = createApp({
    catalog,
    corporaRoot,
    resultsRoot: path.join(root, 'results'),
    cacheDir: path.join(root, 'cache'),
  });
});
afterAll(() => catalog.close());

const BAD = '%E0%A4%A';

describe('every route reading text from the query string', () => {
  it.each([
    ['GET /search/bm25', `/search/bm25?index=tiny&q=${BAD}`, 'q'],
    ['GET /search/hybrid', `/search/hybrid?index=tiny&q=${BAD}&k=3`, 'q'],
    ['GET /search', `/search?index=tiny&mode=bm25&q=${BAD}`, 'q'],
    ['GET /search, the pipeline as JSON text', `/search?index=tiny&q=x&legs=${BAD}`, 'legs'],
    ['GET /search, the index name', `/search/bm25?index=${BAD}&q=x`, 'index'],
    ['GET / (the playground)', `/?q=${BAD}`, 'q'],
    ['GET /judge (a question to ask)', `/judge?qrels=tiny/qrels/test.tsv&ask=${BAD}`, 'ask'],
    ['GET /gold', `/gold?qrels=${BAD}`, 'qrels'],
    ['GET /gold/queries', `/gold/queries?qrels=${BAD}`, 'qrels'],
    ['GET /traffic', `/traffic?top=${BAD}`, 'top'],
  ])('%s answers a JSON 400 naming the parameter', async (_route, url, name) => {
    const res = await app.request(url);
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type') ?? '').toMatch(/^application\/json/);
    const { error } = (await res.json()) as { error: { code: string; message: string } };
    expect(error.code).toBe('bad_input');
    expect(error.message).toContain(`query parameter "${name}"`);
    expect(error.message).toContain(BAD);
  });

  it('DELETE /gold too', async () => {
    const res = await app.request(`/gold?qrels=tiny/qrels/test.tsv&query_id=q1&doc_id=${BAD}`, { method: 'DELETE' });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { message: string } }).error.message).toContain('"doc_id"');
  });

  it('a well-formed encoding is still decoded and searched as its text', async () => {
    const text = 'café E1042 न';
    const res = await app.request(`/search/bm25?index=tiny&q=${encodeURIComponent(text)}&k=3`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as SearchResponse;
    expect(body.q).toBe(text);
    expect(body.hits[0]?.doc_id).toBe('error-e1042');
    // '+' is a space in a query string, as hono reads it
    const plus = (await (await app.request('/search/bm25?index=tiny&q=session+token')).json()) as SearchResponse;
    expect(plus.q).toBe('session token');
  });
});
