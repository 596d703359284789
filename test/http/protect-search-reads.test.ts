import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExperimentJob } from '../../src/experiments/experiment-jobs.js';
import { createApp } from '../../src/http/app.js';
import { buildIndex } from '../../src/indexing/build-index.js';
import { IndexCatalog } from '../../src/serving/catalog/index-catalog.js';
import { TINY_BEIR, tmpDir } from '../helpers/tmp.js';
import { timeBudget } from '../helpers/time-budget.js';

/**
 * Issue 24, item 13: with --protect-search, whatever shows what searches found (an experiment's
 * report as JSON and as a page, its downloads and run files, the experiments list, the judging
 * page's pools, the judgements added to a gold set) needs the token exactly as search does. A
 * client without it gets 401, one with a wrong one 403: JSON for the API, a page for a browser.
 */
const TOKEN = 'protect-me';
const root = tmpDir('protect-reads-');
const corporaRoot = path.join(root, 'corpora');
const resultsRoot = path.join(root, 'results');
let catalog: IndexCatalog;
let app: ReturnType<typeof createApp>;
let jobId = '';
let runFile = '';

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

beforeAll(async () => {
  fs.cpSync(TINY_BEIR, path.join(corporaRoot, 'tiny'), { recursive: true });
  // an index for the playground to (not) search
  await buildIndex({
    corpus: TINY_BEIR,
    out: path.join(root, 'data', 'tiny.sqlite'),
    chunker: 'doc',
    embedder: 'none',
  });
  catalog = new IndexCatalog(path.join(root, 'data'));
  app = createApp({
    catalog,
    corporaRoot,
    resultsRoot,
    experimentsRoot: path.join(root, 'experiments'),
    cacheDir: path.join(root, 'cache'),
    token: TOKEN,
    protectSearch: true,
  });
  const yaml = `name: locked
corpus: tiny
ks: [1, 5]
grid:
  chunkers: [doc]
  embedders: [none]
  retrievers: [{ name: bm25, mode: bm25 }]
`;
  const started = await app.request('/experiments', {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...bearer(TOKEN) },
    body: JSON.stringify({ yaml }),
  });
  expect(started.status).toBe(202);
  jobId = ((await started.json()) as { id: string }).id;
  // Polled until done, bounded by the hook's timeout alone: a loaded machine is slow, not wrong.
  for (;;) {
    const job = (await (
      await app.request(`/experiments/${jobId}`, { headers: bearer(TOKEN) })
    ).json()) as ExperimentJob;
    if (job.state === 'done') break;
    if (job.state !== 'running' && job.state !== 'queued') throw new Error(`experiment ended ${job.state}`);
    await new Promise((r) => setTimeout(r, 25));
  }
  runFile = fs.readdirSync(path.join(resultsRoot, 'locked', 'runs')).find((f) => f.endsWith('.trec')) ?? '';
  // a judgement added to the gold set, so GET /gold has one to show
  const judged = await app.request('/gold', {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...bearer(TOKEN) },
    body: JSON.stringify({ qrels: 'tiny/qrels/test.tsv', query_id: 'q2', doc_id: 'plans', grade: 0 }),
  });
  expect(judged.status).toBe(201);
}, timeBudget(120_000));
afterAll(() => catalog.close());

/** Every GET that reads back rankings or judgements, as the API answers it. */
const apiRoutes = () => [
  '/experiments',
  `/experiments/${jobId}`,
  `/experiments/${jobId}/download/report.json`,
  `/experiments/${jobId}/download/report.md`,
  `/experiments/${jobId}/download/metrics.csv`,
  `/experiments/${jobId}/download/runs/${runFile}`,
  // a saved report, by its folder's name
  `/experiments/locked/download/runs/${runFile}`,
  '/experiments/locked/download/report.json',
  '/gold?qrels=tiny/qrels/test.tsv',
  '/gold/queries?qrels=tiny/qrels/test.tsv',
];

/** The same data as pages for a browser. */
const pageRoutes = () => [
  '/experiments',
  `/experiments/${jobId}`,
  '/experiments/locked',
  '/judge',
  '/judge?qrels=tiny/qrels/test.tsv&pool=experiment:locked',
];

describe('--protect-search keeps reports, run files, pools and judgements behind the token', () => {
  it('the experiment ran and wrote a run file to read back', () => {
    expect(runFile).toMatch(/\.trec$/);
  });

  it('the API answers 401 JSON without the token, 403 with a wrong one, 200 with it', async () => {
    for (const url of apiRoutes()) {
      const none = await app.request(url);
      expect(none.status, url).toBe(401);
      expect(none.headers.get('content-type') ?? '', url).toMatch(/^application\/json/);
      expect(((await none.json()) as { error: { code: string } }).error.code, url).toBe('unauthorized');
      const wrong = await app.request(url, { headers: bearer('not-the-token') });
      expect(wrong.status, url).toBe(403);
      expect(((await wrong.json()) as { error: { code: string } }).error.code, url).toBe('forbidden');
      const ok = await app.request(url, { headers: bearer(TOKEN) });
      expect(ok.status, url).toBe(200);
    }
  });

  it('the run file read with the token is the ranking itself (TREC run lines)', async () => {
    const res = await app.request(`/experiments/${jobId}/download/runs/${runFile}`, { headers: bearer(TOKEN) });
    // qid Q0 docid rank score tag
    expect((await res.text()).split('\n')[0]).toMatch(/^\S+ Q0 \S+ 1 \S+ \S+$/);
  });

  it('a browser gets a 401 page saying the token is needed, and the page itself with the token', async () => {
    for (const url of pageRoutes()) {
      const none = await app.request(url, { headers: { accept: 'text/html' } });
      expect(none.status, url).toBe(401);
      expect(none.headers.get('content-type') ?? '', url).toMatch(/^text\/html/);
      const html = await none.text();
      expect(html, url).toContain('--protect-search');
      expect(html, url).not.toContain('locked</');
      const ok = await app.request(url, { headers: { accept: 'text/html', ...bearer(TOKEN) } });
      expect(ok.status, url).toBe(200);
    }
  });

  it('search is guarded the same way, and the playground and health stay open', async () => {
    expect((await app.request('/search/bm25?index=tiny&q=install')).status).toBe(401);
    expect((await app.request('/search/bm25?index=tiny&q=install', { headers: bearer('nope') })).status).toBe(403);
    expect((await app.request('/', { headers: { accept: 'text/html' } })).status).toBe(200);
    expect((await app.request('/health')).status).toBe(200);
  });
});

describe('the playground under --protect-search', () => {
  it('runs no search for a page load, which cannot carry the token', async () => {
    const searched: string[] = [];
    const counting = {
      searchJson: async (index: string) => (searched.push(index), '{}'),
      search: async (index: string) => {
        searched.push(index);
        throw new Error('the playground searched');
      },
      hitLanguages: async () => new Map<string, string>(),
    };
    const locked = createApp({
      catalog,
      corporaRoot,
      token: TOKEN,
      protectSearch: true,
      searchPool: counting as unknown as NonNullable<Parameters<typeof createApp>[0]['searchPool']>,
    });
    const res = await locked.request('/?index=tiny&q=install&qrels=tiny/qrels/test.tsv&qid=q1', {
      headers: { accept: 'text/html' },
    });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('--protect-search');
    expect(searched).toEqual([]);
  });
});

describe('without --protect-search the same reads stay open', () => {
  it('a server with a token but no --protect-search answers them without it', async () => {
    const open = createApp({ catalog, corporaRoot, resultsRoot, cacheDir: path.join(root, 'cache'), token: TOKEN });
    expect((await open.request('/experiments/locked', { headers: { accept: 'text/html' } })).status).toBe(200);
    expect((await open.request(`/experiments/locked/download/runs/${runFile}`)).status).toBe(200);
    expect((await open.request('/gold?qrels=tiny/qrels/test.tsv')).status).toBe(200);
  });
});
