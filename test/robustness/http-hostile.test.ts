import type { ServerType } from '@hono/node-server';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IndexCatalog } from '../../src/serving/catalog/index-catalog.js';
import { createApp } from '../../src/http/app.js';
import { DEFAULT_MAX_URL_BYTES } from '../../src/http/guards/url-length.js';
import { listen as listenLikeServe } from '../../src/http/start-server.js';
import { buildIndex } from '../../src/indexing/build-index.js';
import type { SearchResponse } from '../../src/search/types.js';
import { TINY_BEIR, tmpDir } from '../helpers/tmp.js';
import { timeBudget } from '../helpers/time-budget.js';

/**
 * The catalogue of hostile HTTP input, each class with the status it gets, sent over a real
 * socket to the app on 127.0.0.1. A refusal is a JSON `{error: {code, message}}` and nothing
 * else (no stack trace, no path into the source); hostile text that is still a query is searched
 * (200); and after every request, the next valid search is served normally.
 */

const root = tmpDir('http-hostile-');
const dataDir = path.join(root, 'data');
const corporaRoot = path.join(root, 'corpora');
const experimentsRoot = path.join(root, 'experiments');
let catalog: IndexCatalog;
let server: ServerType;
let guarded: ServerType;
let base = '';
let guardedBase = '';
const LIMIT = 64 * 1024;

/** The app behind the same HTTP layer `testbed serve` uses (header limit, JSON parser errors). */
async function listen(app: ReturnType<typeof createApp>): Promise<[ServerType, string]> {
  const s = await listenLikeServe(app.fetch, '127.0.0.1', 0);
  return [s, `http://127.0.0.1:${(s.address() as AddressInfo).port}`];
}

beforeAll(async () => {
  fs.cpSync(TINY_BEIR, path.join(corporaRoot, 'tiny'), { recursive: true });
  fs.mkdirSync(experimentsRoot, { recursive: true });
  fs.writeFileSync(path.join(experimentsRoot, 'broken.yaml'), 'name: [unclosed\n');
  await buildIndex({
    corpus: TINY_BEIR,
    out: path.join(dataDir, 'tiny.sqlite'),
    chunker: 'structure:40',
    embedder: 'hash:64',
  });
  await buildIndex({
    corpus: TINY_BEIR,
    out: path.join(dataDir, 'lexical.sqlite'),
    chunker: 'structure:40',
    embedder: 'none',
  });
  catalog = new IndexCatalog(dataDir);
  const roots = {
    corporaRoot,
    experimentsRoot,
    resultsRoot: path.join(root, 'results'),
    cacheDir: path.join(root, 'cache'),
  };
  [server, base] = await listen(createApp({ catalog, ...roots }));
  [guarded, guardedBase] = await listen(createApp({ catalog, ...roots, token: 's3cret' }));
});
afterAll(async () => {
  await Promise.all([server, guarded].map((s) => new Promise((r) => s?.close(r))));
  await catalog?.close();
});

const JSON_TYPE = 'application/json';
const long = (n: number) => 'a'.repeat(n);

interface Case {
  /** The class of input, as the closing note quotes it. */
  name: string;
  method?: 'GET' | 'POST' | 'DELETE' | 'PUT' | 'PATCH';
  url: string;
  /** A string is sent as is; anything else as JSON. */
  body?: unknown;
  /** Content-Type; default application/json when there is a body; null sends none. */
  type?: string | null;
  headers?: Record<string, string>;
  /** Send the body chunked, without Content-Length. */
  chunked?: boolean;
  guarded?: boolean;
  status: number;
  code?: string;
  /** A word the error message must contain (it names the parameter). */
  says?: string;
}

const bm25 = (query: string) => `/search/bm25?index=tiny&q=${query}`;
const body = (q: unknown, extra: Record<string, unknown> = {}) => ({ index: 'tiny', q, ...extra });
const inline = (yaml: string) => ({ yaml });
const grid = 'grid:\n  chunkers: [doc]\n  embedders: [none]\n  retrievers:\n    - { name: bm25, mode: bm25 }\n';

const CASES: Case[] = [
  // q: missing, empty, blank, too long
  { name: 'missing q', url: '/search/bm25?index=tiny', status: 400, code: 'bad_input', says: 'q' },
  { name: 'empty q', url: bm25(''), status: 400, says: 'q' },
  { name: 'blank q (spaces, tabs, newlines)', url: bm25('%20%09%0A'), status: 400, says: 'q' },
  { name: 'q of 2,001 characters', url: bm25(long(2001)), status: 400, says: '2000' },
  { name: 'q of exactly 2,000 characters is searched', url: bm25(long(2000)), status: 200 },
  {
    name: '100 kB q in a JSON body',
    method: 'POST',
    url: '/search/bm25',
    body: body(long(100_000)),
    status: 413,
    code: 'too_large',
  },
  {
    name: '60 kB q in a JSON body (under the body limit)',
    method: 'POST',
    url: '/search/bm25',
    body: body(long(60_000)),
    status: 400,
    says: 'q',
  },
  { name: 'q not a string', method: 'POST', url: '/search/bm25', body: body(42), status: 400, says: 'q' },
  { name: 'q an array', method: 'POST', url: '/search/bm25', body: body(['a', 'b']), status: 400, says: 'q' },
  // hostile text that is still a query: searched, never parsed as syntax
  { name: 'FTS5: unbalanced quote', url: bm25(encodeURIComponent('"unbalanced')), status: 200 },
  { name: 'FTS5: NEAR( without close', url: bm25(encodeURIComponent('NEAR(install linux')), status: 200 },
  {
    name: 'FTS5: operators and prefix',
    url: bm25(encodeURIComponent('install* AND ^linux OR NOT -port')),
    status: 200,
  },
  { name: 'FTS5: column filter', url: bm25(encodeURIComponent('title:(install OR')), status: 200 },
  {
    name: 'FTS5: {col}: and the table name',
    url: bm25(encodeURIComponent('{title text}: chunks_fts MATCH *')),
    status: 200,
  },
  { name: 'SQL-looking text', url: bm25(encodeURIComponent("'); DROP TABLE chunks; --")), status: 200 },
  { name: 'NUL bytes', url: bm25('install%00linux%00'), status: 200 },
  { name: 'only a NUL byte', url: bm25('%00'), status: 200 },
  {
    name: 'lone surrogates (JSON escapes)',
    method: 'POST',
    url: '/search/hybrid',
    body: '{"index":"tiny","q":"\\ud800 install \\udfff"}',
    status: 200,
  },
  { name: 'RTL and bidi marks', url: bm25(encodeURIComponent('\u202einstall\u200f linux\u2066')), status: 200 },
  { name: 'combining marks only', url: bm25(encodeURIComponent('\u0301\u0308\u0345')), status: 200 },
  { name: 'emoji and ZWJ sequences', url: bm25(encodeURIComponent('🙂 👩\u200d👩\u200d👧 🇫🇷 install')), status: 200 },
  // by POST: 2,000 three-byte characters percent-encode to an 18 kB URL, over Node's 16 kB header limit
  {
    name: 'NFKC-expanding characters up to the limit',
    method: 'POST',
    url: '/search/bm25',
    body: body('\ufdfa'.repeat(2000)),
    status: 200,
  },
  // issue 24: searched as literal text before; now refused, naming the parameter
  { name: 'malformed percent escapes', url: bm25('%zz%E2%82%'), status: 400, code: 'bad_input', says: 'q' },
  // k
  { name: 'k = 0', url: bm25('a&k=0'), status: 400, says: 'k' },
  { name: 'k = -1', url: bm25('a&k=-1'), status: 400, says: 'k' },
  { name: 'k = 1e9', url: bm25('a&k=1e9'), status: 400, says: 'k' },
  { name: 'k = 1001', url: bm25('a&k=1001'), status: 400, says: 'k' },
  { name: 'k = 1.5', url: bm25('a&k=1.5'), status: 400, says: 'k' },
  { name: 'k = NaN', url: bm25('a&k=NaN'), status: 400, says: 'k' },
  { name: 'k = Infinity', url: bm25('a&k=Infinity'), status: 400, says: 'k' },
  { name: 'k = "ten"', url: bm25('a&k=ten'), status: 400, says: 'k' },
  {
    name: 'k = true in JSON',
    method: 'POST',
    url: '/search/bm25',
    body: body('a', { k: true }),
    status: 400,
    says: 'k',
  },
  { name: 'k = -1 in JSON', method: 'POST', url: '/search/bm25', body: body('a', { k: -1 }), status: 400, says: 'k' },
  // other parameters
  { name: 'unknown level', url: bm25('a&level=page'), status: 400, says: 'level' },
  { name: 'unknown engine', url: bm25('a&engine=lucene'), status: 400, says: 'engine' },
  { name: 'wink k1 < 0', url: bm25('a&engine=wink&k1=-1'), status: 400, says: 'k1' },
  { name: 'wink b > 1', url: bm25('a&engine=wink&b=2'), status: 400, says: 'b' },
  { name: 'unknown fusion', url: '/search/hybrid?index=tiny&q=a&fusion=borda', status: 400, says: 'fusion' },
  { name: 'alpha > 1', url: '/search/hybrid?index=tiny&q=a&fusion=score&alpha=2', status: 400, says: 'alpha' },
  { name: 'unknown norm', url: '/search/hybrid?index=tiny&q=a&fusion=score&norm=l2', status: 400, says: 'norm' },
  { name: 'weights not numbers', url: '/search/hybrid?index=tiny&q=a&weights=a,b', status: 400, says: 'weights' },
  { name: 'weights both 0', url: '/search/hybrid?index=tiny&q=a&weights=0,0', status: 400, says: 'weights' },
  {
    name: 'weights an object in JSON',
    method: 'POST',
    url: '/search/hybrid',
    body: body('a', { weights: { bm25: 1 } }),
    status: 400,
    says: 'weights',
  },
  { name: 'rrf_k < 0', url: '/search/hybrid?index=tiny&q=a&rrf_k=-1', status: 400, says: 'rrf_k' },
  { name: 'depth 0', url: '/search/hybrid?index=tiny&q=a&depth=0', status: 400, says: 'depth' },
  { name: 'depth 100000', url: '/search/hybrid?index=tiny&q=a&depth=100000', status: 400, says: 'depth' },
  // mode and index
  { name: 'unknown mode', url: '/search/sparse?index=tiny&q=a', status: 400, says: 'mode' },
  { name: 'unknown index', url: '/search/bm25?index=nope&q=a', status: 404, code: 'not_found', says: 'nope' },
  { name: 'missing index', url: '/search/bm25?q=a', status: 400, says: 'index' },
  { name: 'index with ../', url: '/search/bm25?index=..%2Fdata%2Ftiny&q=a', status: 400, says: 'index' },
  { name: 'index with ..\\', url: '/search/bm25?index=..%5Ctiny&q=a', status: 400, says: 'index' },
  {
    name: 'index as an absolute path',
    url: `/search/bm25?index=${encodeURIComponent(path.join(dataDir, 'tiny'))}&q=a`,
    status: 400,
    says: 'index',
  },
  { name: 'hidden index name', url: '/search/bm25?index=.tiny&q=a', status: 400, says: 'index' },
  { name: 'index name with NUL', url: '/search/bm25?index=tiny%00&q=a', status: 400, says: 'index' },
  { name: 'index name of 200 characters', url: `/search/bm25?index=${long(200)}&q=a`, status: 400, says: 'index' },
  {
    name: 'index not a string in JSON',
    method: 'POST',
    url: '/search/bm25',
    body: { index: ['tiny'], q: 'a' },
    status: 400,
    says: 'index',
  },
  {
    name: 'dense on an index without embeddings',
    url: '/search/dense?index=lexical&q=a',
    status: 400,
    says: 'without embeddings',
  },
  {
    name: 'hybrid on an index without embeddings',
    url: '/search/hybrid?index=lexical&q=a',
    status: 400,
    says: 'without embeddings',
  },
  { name: 'GET /indexes/ with ../', url: '/indexes/..%2Fsecret', status: 400, says: 'index' },
  { name: 'GET /indexes/ unknown', url: '/indexes/nope', status: 404 },
  { name: 'DELETE /indexes/ with ../', method: 'DELETE', url: '/indexes/..%2Fdata', status: 400, says: 'index' },
  { name: 'DELETE /indexes/ unknown', method: 'DELETE', url: '/indexes/nope', status: 404 },
  // bodies
  { name: 'invalid JSON (search)', method: 'POST', url: '/search/bm25', body: '{not json', status: 400, says: 'JSON' },
  { name: 'empty body (search)', method: 'POST', url: '/search/bm25', body: '', status: 400 },
  { name: 'JSON array body', method: 'POST', url: '/search/bm25', body: '[1,2]', status: 400 },
  { name: 'JSON null body', method: 'POST', url: '/search/bm25', body: 'null', status: 400 },
  { name: 'JSON string body', method: 'POST', url: '/search/bm25', body: '"index=tiny&q=a"', status: 400 },
  {
    name: '30,000-deep nested JSON',
    method: 'POST',
    url: '/search/bm25',
    body: '['.repeat(30_000) + ']'.repeat(30_000),
    status: 400,
  },
  {
    name: 'wrong content type (text/plain)',
    method: 'POST',
    url: '/search/bm25',
    body: JSON.stringify(body('a')),
    type: 'text/plain',
    status: 415,
    says: 'Content-Type',
  },
  {
    name: 'wrong content type (form)',
    method: 'POST',
    url: '/search/bm25',
    body: 'index=tiny&q=a',
    type: 'application/x-www-form-urlencoded',
    status: 415,
    says: 'Content-Type',
  },
  {
    name: 'no content type',
    method: 'POST',
    url: '/search/bm25',
    body: JSON.stringify(body('a')),
    type: null,
    status: 415,
    says: 'Content-Type',
  },
  {
    name: 'body over the 64 kB limit (search)',
    method: 'POST',
    url: '/search/bm25',
    body: 'x'.repeat(LIMIT + 1),
    status: 413,
    code: 'too_large',
  },
  {
    name: 'body over the limit, chunked without Content-Length',
    method: 'POST',
    url: '/search/bm25',
    body: JSON.stringify(body(long(2 * LIMIT))),
    chunked: true,
    status: 413,
    code: 'too_large',
  },
  {
    name: 'body over the limit (POST /indexes)',
    method: 'POST',
    url: '/indexes',
    body: { name: 'big', corpus: long(LIMIT) },
    status: 413,
    code: 'too_large',
  },
  {
    name: 'body over the limit (POST /gold)',
    method: 'POST',
    url: '/gold',
    body: { qrels: 'x', query_id: 'q', doc_id: 'd', note: long(LIMIT) },
    status: 413,
  },
  {
    name: 'invalid JSON (POST /indexes)',
    method: 'POST',
    url: '/indexes',
    body: '{"name":',
    status: 400,
    says: 'JSON',
  },
  { name: 'invalid JSON (POST /gold)', method: 'POST', url: '/gold', body: '{', status: 400, says: 'JSON' },
  {
    name: 'invalid JSON (POST /experiments)',
    method: 'POST',
    url: '/experiments',
    body: '{',
    status: 400,
    says: 'JSON',
  },
  // POST /indexes
  {
    name: 'corpus outside the root (../)',
    method: 'POST',
    url: '/indexes',
    body: { name: 'evil', corpus: '../data' },
    status: 400,
    says: 'corpora root',
  },
  {
    name: 'corpus outside the root (absolute)',
    method: 'POST',
    url: '/indexes',
    body: { name: 'evil', corpus: '/etc' },
    status: 400,
    says: 'corpora root',
  },
  {
    name: 'corpus outside the root (inner ../..)',
    method: 'POST',
    url: '/indexes',
    body: { name: 'evil', corpus: 'tiny/../../data' },
    status: 400,
    says: 'corpora root',
  },
  {
    name: 'corpus missing under the root',
    method: 'POST',
    url: '/indexes',
    body: { name: 'x', corpus: 'missing' },
    status: 404,
  },
  {
    name: 'corpus empty',
    method: 'POST',
    url: '/indexes',
    body: { name: 'x', corpus: '' },
    status: 400,
    says: 'corpus',
  },
  {
    name: 'index name with ../ (POST /indexes)',
    method: 'POST',
    url: '/indexes',
    body: { name: '../x', corpus: 'tiny' },
    status: 400,
    says: 'index',
  },
  {
    name: 'index name not a string',
    method: 'POST',
    url: '/indexes',
    body: { name: 7, corpus: 'tiny' },
    status: 400,
    says: 'name',
  },
  {
    name: 'bad chunker',
    method: 'POST',
    url: '/indexes',
    body: { name: 'x', corpus: 'tiny', chunker: 'words:-1' },
    status: 400,
  },
  {
    name: 'bad tokenizer',
    method: 'POST',
    url: '/indexes',
    body: { name: 'x', corpus: 'tiny', tokenizer: 'icu' },
    status: 400,
    says: 'tokenizer',
  },
  {
    name: 'unknown JSON key (POST /indexes)',
    method: 'POST',
    url: '/indexes',
    body: { name: 'x', corpus: 'tiny', colour: 'red' },
    status: 400,
    says: 'colour',
  },
  // gold and experiments
  {
    name: 'unknown JSON key (POST /gold)',
    method: 'POST',
    url: '/gold',
    body: { qrels: 'tiny/qrels/test.tsv', query_id: 'q1', doc_id: 'faq-reset', colour: 'red' },
    status: 400,
    says: 'colour',
  },
  {
    name: 'unknown query parameter (GET /gold)',
    url: '/gold?qrels=tiny/qrels/test.tsv&colour=red',
    status: 400,
    says: 'colour',
  },
  {
    name: 'qrels outside the root',
    method: 'POST',
    url: '/gold',
    body: { qrels: '../data/tiny.sqlite', query_id: 'q1', doc_id: 'd' },
    status: 400,
    says: 'qrels',
  },
  {
    name: 'gold grade not a number',
    method: 'POST',
    url: '/gold',
    body: { qrels: 'tiny/qrels/test.tsv', query_id: 'q1', doc_id: 'faq-reset', grade: 'high' },
    status: 400,
    says: 'grade',
  },
  {
    name: 'gold unknown query id',
    method: 'POST',
    url: '/gold',
    body: { qrels: 'tiny/qrels/test.tsv', query_id: 'nope', doc_id: 'faq-reset' },
    status: 400,
    says: 'nope',
  },
  {
    name: 'unknown JSON key (POST /experiments)',
    method: 'POST',
    url: '/experiments',
    body: { config: 'broken.yaml', colour: 'red' },
    status: 400,
  },
  {
    name: 'experiment config outside its root',
    method: 'POST',
    url: '/experiments',
    body: { config: '../corpora/tiny/queries.jsonl' },
    status: 400,
  },
  {
    name: 'experiment config missing',
    method: 'POST',
    url: '/experiments',
    body: { config: 'missing.yaml' },
    status: 404,
  },
  {
    name: 'experiment config invalid YAML',
    method: 'POST',
    url: '/experiments',
    body: { config: 'broken.yaml' },
    status: 400,
    says: 'YAML',
  },
  {
    name: 'inline experiment reading /etc',
    method: 'POST',
    url: '/experiments',
    body: inline(`name: x\ncorpus: /etc\n${grid}`),
    status: 400,
    says: 'corpora root',
  },
  {
    name: 'inline experiment named ../..',
    method: 'POST',
    url: '/experiments',
    body: inline(`name: ../../evil\ncorpus: tiny\n${grid}`),
    status: 400,
    says: 'name',
  },
  { name: 'unknown experiment id', url: '/experiments/nope', status: 404 },
  // routes, methods, tokens
  { name: 'unknown route', url: '/admin', status: 404, code: 'not_found' },
  { name: 'wrong method (PUT /search)', method: 'PUT', url: bm25('a'), status: 404 },
  { name: 'wrong method (PATCH /indexes)', method: 'PATCH', url: '/indexes', body: {}, status: 404 },
  {
    name: 'missing token (token set)',
    guarded: true,
    method: 'POST',
    url: '/indexes',
    body: { name: 'x', corpus: 'tiny' },
    status: 401,
    code: 'unauthorized',
  },
  {
    name: 'wrong token',
    guarded: true,
    method: 'DELETE',
    url: '/indexes/tiny',
    headers: { authorization: 'Bearer nope' },
    status: 403,
    code: 'forbidden',
  },
  {
    name: 'token that is not Bearer',
    guarded: true,
    method: 'DELETE',
    url: '/indexes/tiny',
    headers: { authorization: 'Basic czNjcmV0' },
    status: 401,
  },
  { name: 'search stays open when a token is set', guarded: true, url: bm25('install'), status: 200 },
];

/**
 * Sends one case on a connection of its own (node:http, no agent), with exactly the headers it
 * names. Its own connection because after a 413 the server drains the unread body for 500 ms
 * and then drops the socket without saying `Connection: close`, so a keep-alive client that
 * reuses it can fail ("other side closed"): a known issue reported apart, kept out of this
 * table so that each row tests its own input.
 */
function send(c: Case): Promise<{ status: number; type: string; text: string }> {
  const headers: Record<string, string> = { ...c.headers };
  const text = c.body === undefined ? undefined : typeof c.body === 'string' ? c.body : JSON.stringify(c.body);
  if (text !== undefined) {
    if (c.type !== null) headers['content-type'] = c.type ?? JSON_TYPE;
    if (!c.chunked) headers['content-length'] = String(Buffer.byteLength(text));
  }
  const url = new URL((c.guarded ? guardedBase : base) + c.url);
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      { method: c.method ?? 'GET', headers, agent: false, timeout: timeBudget(10_000) },
      (res) => {
        let got = '';
        res.setEncoding('utf8');
        res.on('data', (d: string) => (got += d));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, type: String(res.headers['content-type'] ?? ''), text: got }),
        );
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error(`no answer to ${c.name}`)));
    // the server may answer (413) and stop reading before the whole body is written
    req.on('error', (e: NodeJS.ErrnoException) =>
      e.code === 'EPIPE' || e.code === 'ECONNRESET' ? undefined : reject(e),
    );
    if (text !== undefined && c.chunked) {
      // several writes without Content-Length: Transfer-Encoding chunked
      for (let i = 0; i < text.length; i += 8192) req.write(text.slice(i, i + 8192));
      req.end();
    } else {
      req.end(text);
    }
  });
}

/** A valid search, after every hostile one: the service still answers normally. */
async function stillServes(): Promise<void> {
  const res = await fetch(`${base}/search/hybrid?index=tiny&q=${encodeURIComponent('error E1042')}&k=3&level=doc`);
  expect(res.status).toBe(200);
  const hits = ((await res.json()) as SearchResponse).hits;
  expect(hits[0]?.doc_id).toBe('error-e1042');
}

const STACK = /\n\s+at |\bat \S+ \(|\.ts:\d+|\.js:\d+|node:internal|node_modules|\/work\//;

describe('hostile HTTP input: the catalogue', () => {
  it('has one case per class, each named once', () => {
    expect(new Set(CASES.map((c) => c.name)).size).toBe(CASES.length);
  });

  it.each(CASES)('$name -> $status', async (c) => {
    const res = await send(c);
    const text = res.text;
    expect(res.status, text.slice(0, 300)).toBe(c.status);
    expect(res.type).toContain(JSON_TYPE);
    expect(text).not.toMatch(STACK);
    const json = JSON.parse(text) as Record<string, unknown>;
    if (c.status === 200) {
      if (c.url.startsWith('/search')) {
        const hits = (json as unknown as SearchResponse).hits;
        expect(Array.isArray(hits)).toBe(true);
        expect(hits.length).toBeLessThanOrEqual(10);
      }
    } else {
      expect(Object.keys(json)).toEqual(['error']);
      const error = json.error as { code: unknown; message: unknown };
      expect(Object.keys(error).sort()).toEqual(['code', 'message']);
      expect(typeof error.code).toBe('string');
      expect(typeof error.message).toBe('string');
      expect((error.message as string).length).toBeGreaterThan(0);
      // a refusal never answers with more than it was sent: no echo of a 100 kB body
      expect(text.length).toBeLessThan(3000);
      if (c.code) expect(error.code).toBe(c.code);
      if (c.says) expect(error.message).toContain(c.says);
      if (c.status === 400) expect(error.code).toBe('bad_input');
    }
    await stillServes();
  });

  it('nothing the catalogue sent built, deleted or wrote anything', () => {
    expect(catalog.indexes.names()).toEqual(['lexical', 'tiny']);
    expect(fs.existsSync(path.join(root, 'results'))).toBe(false);
    expect(fs.readdirSync(path.join(corporaRoot, 'tiny', 'qrels'))).toEqual(['test.tsv']);
  });
});

describe('hostile bytes below HTTP', () => {
  /** Writes raw bytes to the server and returns what it answered before closing. */
  function raw(bytes: string): Promise<string> {
    const { port } = server.address() as AddressInfo;
    return new Promise((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1');
      let got = '';
      socket.setTimeout(5000, () => socket.destroy(new Error(`no answer to ${JSON.stringify(bytes.slice(0, 40))}`)));
      socket.on('data', (d) => (got += d.toString('latin1')));
      socket.on('error', reject);
      socket.on('close', () => resolve(got));
      socket.end(bytes);
    });
  }

  it.each([
    { what: 'a garbage request line', bytes: 'HELLO\r\n\r\n', status: 400, code: 'bad_request' },
    {
      what: 'a 2 MB URL (over the 1 MiB header limit, answered before the app)',
      bytes: `GET /search/bm25?index=tiny&q=${long(2_000_000)} HTTP/1.1\r\nHost: x\r\n\r\n`,
      status: 431,
      code: 'too_large',
    },
    {
      what: 'a header line without a colon',
      bytes: 'GET /health HTTP/1.1\r\nHost: x\r\nbroken header\r\n\r\n',
      status: 400,
      code: 'bad_request',
    },
    {
      what: 'a Content-Length that is not a number',
      bytes: 'POST /search/bm25 HTTP/1.1\r\nHost: x\r\nContent-Length: ten\r\n\r\n',
      status: 400,
      code: 'bad_request',
    },
  ])(
    '$what: the HTTP layer answers $status with a JSON error, and the service still serves',
    async ({ bytes, status, code }) => {
      const answer = await raw(bytes);
      const [head, body] = answer.split('\r\n\r\n');
      expect(head!.split('\r\n')[0]).toBe(
        `HTTP/1.1 ${status} ${status === 431 ? 'Request Header Fields Too Large' : 'Bad Request'}`,
      );
      expect(head).toContain('Content-Type: application/json');
      expect((JSON.parse(body!) as { error: { code: string } }).error.code).toBe(code);
      expect(answer).not.toMatch(STACK);
      await stillServes();
    },
  );

  it('a 100 kB GET query reaches the app and gets its JSON 400; percent-encoded CJK (900 kB of URL) is over the URL limit, a JSON 414', async () => {
    const res = await fetch(`${base}/search/bm25?index=tiny&q=${long(100_000)}`);
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { message: string } }).error.message).toMatch(
      /q must be at most 2000 characters/,
    );
    const cjk = await fetch(`${base}/search/bm25?index=tiny&q=${encodeURIComponent('検'.repeat(100_000))}`);
    expect(cjk.status).toBe(414);
    expect(((await cjk.json()) as { error: { code: string; message: string } }).error).toEqual({
      code: 'too_large',
      message: `request URL is over ${DEFAULT_MAX_URL_BYTES} bytes; send long parameters as a POST body`,
    });
    await stillServes();
  });
});
