import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IndexCatalog } from '../../src/serving/catalog/index-catalog.js';
import { createApp } from '../../src/http/app.js';
import { buildIndex } from '../../src/indexing/build-index.js';
import type { SearchResponse } from '../../src/search/types.js';
import { TINY_BEIR, tmpDir } from '../helpers/tmp.js';

const root = tmpDir('search-rerank-');
const dataDir = path.join(root, 'data');
let catalog: IndexCatalog;
let server: http.Server;
let origin = '';
const requests: { query: string; documents: string[] }[] = [];

beforeAll(async () => {
  await buildIndex({ corpus: TINY_BEIR, out: path.join(dataDir, 'tiny.sqlite'), chunker: 'doc', embedder: 'hash:64' });
  catalog = new IndexCatalog(dataDir);
  fs.mkdirSync(path.join(root, 'corpora'), { recursive: true });
  // Scores each document by its length: the longest passage first.
  server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => {
      const body = JSON.parse(raw) as { query: string; documents: string[] };
      requests.push(body);
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ results: body.documents.map((d, index) => ({ index, relevance_score: d.length })) }));
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  catalog.close();
  await new Promise<void>((done) => server.close(() => done()));
});

const app = (allowedRemoteOrigins?: string[]) =>
  createApp({
    catalog,
    corporaRoot: path.join(root, 'corpora'),
    ...(allowedRemoteOrigins && { allowedRemoteOrigins }),
  });
const post = (a: ReturnType<typeof createApp>, body: unknown) =>
  a.request('/search', { method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json' } });
const search = (rerank: unknown) => ({
  index: 'tiny',
  q: 'storage plan team',
  legs: [{ type: 'lexical' }],
  k: 3,
  level: 'doc',
  rerank,
});

describe('POST /search with a rerank stage', () => {
  it('an http reranker at an origin the server was not started with is a 403 naming the flag; nothing is called', async () => {
    requests.length = 0;
    const res = await post(app(), search({ type: 'http', url: `${origin}/rerank`, depth: 5 }));
    expect(res.status).toBe(403);
    const { error } = (await res.json()) as { error: { message: string } };
    expect(error.message).toContain(
      `reranker "http": this server does not call ${origin}; start it with --allow-remote ${origin}`,
    );
    expect(requests).toHaveLength(0);
  });

  it('with --allow-remote for its origin: reranked by the server, the rerank timing reported', async () => {
    requests.length = 0;
    const res = await post(app([origin]), search({ type: 'http', url: `${origin}/rerank`, depth: 5 }));
    expect(res.status).toBe(200);
    const body = (await res.json()) as SearchResponse;
    expect(requests).toHaveLength(1);
    // The longest of the five passages sent comes first, then the next longest.
    const byLength = requests[0]!.documents.map((d, i) => ({ i, n: d.length })).sort((a, b) => b.n - a.n);
    expect(body.hits.map((h) => h.score)).toEqual(byLength.slice(0, 3).map((x) => x.n));
    expect(body.took_ms.rerank).toBeGreaterThan(0);
    expect(body.pipeline.rerank).toMatchObject({ type: 'http', depth: 5, topN: 5, shape: 'cohere' });
  });

  it('a cross-encoder named by a folder path is a 400 (a model id under MODELS_DIR only); a bad rerank field is a 400 naming it', async () => {
    const folder = await post(app(), search({ type: 'cross-encoder', model: '/etc', depth: 5 }));
    expect(folder.status).toBe(400);
    expect(((await folder.json()) as { error: { message: string } }).error.message).toContain('not a folder path');
    const deep = await post(app(), search({ type: 'http', url: `${origin}/rerank`, depth: 5000 }));
    expect(deep.status).toBe(400);
    expect(((await deep.json()) as { error: { message: string } }).error.message).toContain('rerank.depth');
    const topN = await post(app([origin]), search({ type: 'http', url: `${origin}/rerank`, depth: 5, top_n: 6 }));
    expect(((await topN.json()) as { error: { message: string } }).error.message).toContain(
      '(field "rerank.top_n"): top_n 6 is more than depth 5',
    );
  });
});

describe('POST /experiments with a rerank stage', () => {
  it('an experiment whose reranker calls an origin the server was not started with is refused (403) before it is queued', async () => {
    fs.mkdirSync(path.join(root, 'corpora', 'tiny'), { recursive: true });
    for (const f of ['corpus.jsonl', 'queries.jsonl'])
      fs.copyFileSync(path.join(TINY_BEIR, f), path.join(root, 'corpora', 'tiny', f));
    const yaml = `name: rr
corpus: tiny
grid:
  embedders: ['hash:64']
  retrievers:
    - { name: rr, legs: [{ type: lexical }], rerank: { type: http, url: "http://169.254.169.254/rerank", depth: 5 } }
`;
    const res = await app([origin]).request('/experiments', {
      method: 'POST',
      body: JSON.stringify({ yaml }),
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(403);
    const { error } = (await res.json()) as { error: { message: string } };
    expect(error.message).toContain('reranker "http": this server does not call http://169.254.169.254');
  });
});
