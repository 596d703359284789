import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IndexCatalog } from '../../src/serving/catalog/index-catalog.js';
import type { ExperimentJob } from '../../src/experiments/experiment-jobs.js';
import { createApp } from '../../src/http/app.js';
import { searchRoutes } from '../../src/http/routes/search.js';
import { startServer } from '../../src/http/start-server.js';
import { buildIndex } from '../../src/indexing/build-index.js';
import type { SearchResponse } from '../../src/search/types.js';
import { runCli } from '../helpers/cli.js';
import { TINY_BEIR, tmpDir } from '../helpers/tmp.js';

/**
 * testbed serve calls only the origins it was started with (--allow-remote): a pipeline or an
 * experiment sent over HTTP naming any other endpoint is a 403 naming the flag, and the endpoint
 * is never called. An in-test search API over the tiny corpus's ids counts the calls it gets.
 */
const root = tmpDir('allow-remote-');
const dataDir = path.join(root, 'data');
const corporaRoot = path.join(root, 'corpora');
let api: http.Server;
let apiOrigin: string;
let apiCalls = 0;
let catalog: IndexCatalog;

beforeAll(async () => {
  await buildIndex({ corpus: TINY_BEIR, out: path.join(dataDir, 'tiny.sqlite'), chunker: 'doc', embedder: 'none' });
  fs.cpSync(TINY_BEIR, path.join(corporaRoot, 'tiny'), { recursive: true });
  catalog = new IndexCatalog(dataDir);
  api = http.createServer((_req, res) => {
    apiCalls++;
    res.writeHead(200, { 'Content-Type': 'application/json' }).end(
      JSON.stringify({
        hits: [
          { docId: 'plans', score: 3 },
          { docId: 'error-e1042', score: 1 },
        ],
      }),
    );
  });
  await new Promise<void>((r) => api.listen(0, '127.0.0.1', r));
  apiOrigin = `http://127.0.0.1:${(api.address() as AddressInfo).port}`;
});
afterAll(async () => {
  catalog.close();
  await new Promise<void>((r) => api.close(() => r()));
});

const httpLeg = () => ({
  type: 'http',
  name: 'api',
  url: `${apiOrigin}/search?q={{query}}`,
  hits: 'hits',
  id: 'docId',
  score: 'score',
});
const searchBody = () => ({ index: 'tiny', q: 'session token', level: 'doc', legs: [httpLeg()] });
const postJson = (
  app: { request: (url: string, init: RequestInit) => Response | Promise<Response> },
  url: string,
  body: unknown,
) => app.request(url, { method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json' } });

async function expectForbidden(res: Response) {
  expect(res.status).toBe(403);
  const { error } = (await res.json()) as { error: { code: string; message: string } };
  expect(error.code).toBe('forbidden');
  expect(error.message).toContain(`--allow-remote ${apiOrigin}`);
  expect(error.message).toContain('leg "api"');
}

describe('testbed serve --allow-remote', () => {
  it('by default no origin is allowed: POST and GET /search with an http leg are 403s naming the flag, and the endpoint is not called', async () => {
    const app = createApp({ catalog, corporaRoot, cacheDir: path.join(root, 'cache') });
    apiCalls = 0;
    await expectForbidden(await postJson(app, '/search', searchBody()));
    await expectForbidden(
      await app.request(`/search?index=tiny&q=x&level=doc&legs=${encodeURIComponent(JSON.stringify([httpLeg()]))}`),
    );
    expect(apiCalls).toBe(0);
  });

  it("an allowed origin is called, and its hits come back as a search's", async () => {
    const app = createApp({
      catalog,
      corporaRoot,
      cacheDir: path.join(root, 'cache'),
      allowedRemoteOrigins: [apiOrigin],
    });
    apiCalls = 0;
    const res = await postJson(app, '/search', searchBody());
    expect(res.status).toBe(200);
    const body = (await res.json()) as SearchResponse;
    expect(body.hits.map((h) => [h.id, h.score])).toEqual([
      ['plans', 3],
      ['error-e1042', 1],
    ]);
    expect(apiCalls).toBe(1);
    // Another origin is still refused.
    const elsewhere = { ...searchBody(), legs: [{ ...httpLeg(), url: 'http://127.0.0.1:1/search' }] };
    const refused = await postJson(app, '/search', elsewhere);
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toMatch(
      /does not call http:\/\/127\.0\.0\.1:1; start it with --allow-remote http:\/\/127\.0\.0\.1:1.*\(allowed: http:\/\/127\.0\.0\.1:\d+\)/,
    );
  });

  it('the check runs on the main thread, before a search worker is given the request', async () => {
    let dispatched = 0;
    const routes = searchRoutes(catalog, { searchJson: async () => (dispatched++, '{}') }, []);
    await expectForbidden(await postJson(routes, '/', searchBody()));
    expect(dispatched).toBe(0);
  });

  it('over real sockets with a search worker: refused for an origin not allowed, answered by the worker for one that is', async () => {
    const server = await startServer({ dataDir, corporaRoot, port: 0, workers: 1, allowRemote: [`${apiOrigin}/`] });
    try {
      apiCalls = 0;
      const ok = await fetch(`${server.url}/search`, {
        method: 'POST',
        body: JSON.stringify(searchBody()),
        headers: { 'content-type': 'application/json' },
      });
      expect(ok.status).toBe(200);
      expect(((await ok.json()) as SearchResponse).hits[0]!.id).toBe('plans');
      expect(apiCalls).toBe(1);
      const other = { ...searchBody(), legs: [{ ...httpLeg(), url: 'http://169.254.169.254/latest/meta-data' }] };
      const refused = await fetch(`${server.url}/search`, {
        method: 'POST',
        body: JSON.stringify(other),
        headers: { 'content-type': 'application/json' },
      });
      expect(refused.status).toBe(403);
    } finally {
      await server.close();
    }
  });

  it('POST /experiments: a retriever naming an origin not allowed is a 403 before any job starts; an allowed one runs', async () => {
    const yaml = (name: string) => `name: ${name}
corpus: tiny
ks: [1, 5]
grid:
  chunkers: [doc]
  embedders: [none]
  retrievers:
    - { name: local, mode: bm25, engine: fts5 }
    - name: remote
      legs: [{ type: http, url: "${apiOrigin}/search?q={{query}}", hits: hits, id: docId, score: score }]
`;
    const closed = createApp({
      catalog,
      corporaRoot,
      resultsRoot: path.join(root, 'results'),
      cacheDir: path.join(root, 'cache'),
    });
    const res = await postJson(closed, '/experiments', { yaml: yaml('closed') });
    expect(res.status).toBe(403);
    expect(((await res.json()) as { error: { message: string } }).error.message).toMatch(
      new RegExp(
        `grid\\.retrievers\\.1\\.legs\\.0 \\(leg "http"\\).*--allow-remote ${apiOrigin.replace(/[.]/g, '\\.')}`,
      ),
    );
    const listed = (await (await closed.request('/experiments')).json()) as { experiments: unknown[] };
    expect(listed.experiments).toEqual([]);

    const open = createApp({
      catalog,
      corporaRoot,
      resultsRoot: path.join(root, 'results'),
      cacheDir: path.join(root, 'cache'),
      allowedRemoteOrigins: [apiOrigin],
    });
    const started = await postJson(open, '/experiments', { yaml: yaml('open') });
    expect(started.status).toBe(202);
    const { id } = (await started.json()) as { id: string };
    let job: ExperimentJob | undefined;
    for (let i = 0; i < 1200 && (!job || job.state === 'running' || job.state === 'queued'); i++) {
      await new Promise((r) => setTimeout(r, 50));
      job = (await (await open.request(`/experiments/${id}`)).json()) as ExperimentJob;
    }
    expect(job!.error).toBeUndefined();
    expect(job!.state).toBe('done');
    const remote = job!.report!.configs.find((c) => c.name === 'remote')!;
    expect(remote.endpoints).toEqual([{ leg: 'http', endpoint: `GET ${apiOrigin}/search?q={{query}}` }]);
    expect(remote.failedQueries).toBeUndefined();
  });

  it('a value that is not an http(s) origin is refused when the server starts', async () => {
    const { code, err } = await runCli([
      'serve',
      '--data',
      dataDir,
      '--corpora',
      corporaRoot,
      '--port',
      '0',
      '--allow-remote',
      'ftp://files.example',
    ]);
    expect(code).toBe(2);
    expect(err).toMatch(/--allow-remote: only http and https URLs are called/);
  });
});
