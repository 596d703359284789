import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExperimentJob } from '../../src/experiments/experiment-jobs.js';
import { createApp } from '../../src/http/app.js';
import { IndexCatalog } from '../../src/serving/catalog/index-catalog.js';
import { TINY_BEIR, tmpDir } from '../helpers/tmp.js';

/**
 * The pages follow the API's rule (no-absolute-paths.test.ts): every page route, given inputs
 * that make it name files (a gold set that is not one, a missing one, an experiment's report and
 * its failure), shows them relative to the served roots and never a path of the machine.
 */
const root = tmpDir('pages-no-abs-');
const corporaRoot = path.join(root, 'corpora');
const resultsRoot = path.join(root, 'results');
const dataDir = path.join(root, 'data');
let catalog: IndexCatalog;
let app: ReturnType<typeof createApp>;

beforeAll(() => {
  fs.cpSync(TINY_BEIR, path.join(corporaRoot, 'tiny'), { recursive: true });
  fs.writeFileSync(path.join(corporaRoot, 'tiny', 'README.md'), '# tiny\n\nNot a qrels file.\n');
  fs.mkdirSync(path.join(corporaRoot, 'noqueries', 'qrels'), { recursive: true });
  fs.copyFileSync(path.join(TINY_BEIR, 'corpus.jsonl'), path.join(corporaRoot, 'noqueries', 'corpus.jsonl'));
  fs.copyFileSync(path.join(TINY_BEIR, 'qrels', 'test.tsv'), path.join(corporaRoot, 'noqueries', 'qrels', 'test.tsv'));
  catalog = new IndexCatalog(dataDir);
  app = createApp({
    catalog,
    corporaRoot,
    resultsRoot,
    experimentsRoot: path.join(root, 'experiments'),
    cacheDir: path.join(root, 'cache'),
  });
});
afterAll(() => catalog.close());

/** The machine's folders no page may name: the served roots, the temp folder, HOME and the working folder. */
const machinePaths = () => [
  root,
  fs.realpathSync(root),
  dataDir,
  corporaRoot,
  os.tmpdir(),
  fs.realpathSync(os.tmpdir()),
  os.homedir(),
  process.cwd(),
];

/** A page as a browser asks for it, checked to name no machine path. */
async function page(url: string): Promise<{ status: number; html: string }> {
  const res = await app.request(url, { headers: { accept: 'text/html' } });
  const html = await res.text();
  expect(res.headers.get('content-type') ?? '', url).toMatch(/^text\/html/);
  for (const p of machinePaths()) expect(html, `${url} names ${p}`).not.toContain(p);
  return { status: res.status, html };
}

const post = (url: string, payload: unknown) =>
  app.request(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(payload) });

async function settledExperiment(id: string): Promise<ExperimentJob> {
  // Polled until done, bounded by the test's timeout alone: a loaded machine is slow, not wrong.
  for (;;) {
    const job = (await (await app.request(`/experiments/${id}`)).json()) as ExperimentJob;
    if (job.state !== 'running' && job.state !== 'queued') return job;
    await new Promise((r) => setTimeout(r, 25));
  }
}

const yaml = (name: string, corpus: string) => `name: ${name}
corpus: ${corpus}
ks: [1, 5]
grid:
  chunkers: [doc]
  embedders: [none]
  retrievers: [{ name: bm25, mode: bm25 }]
`;

describe('the playground', () => {
  it('a gold set that is not a qrels file: the error names it from the corpora root', async () => {
    const { html } = await page('/?qid=q1&qrels=tiny/README.md');
    expect(html).toContain('tiny/README.md');
  });

  it('a missing gold set, a folder, a path outside the root: each refusal names no machine path', async () => {
    await page('/?qid=q1&qrels=tiny/qrels/dev.tsv');
    await page('/?qid=q1&qrels=tiny/qrels');
    await page(`/?qid=q1&qrels=${encodeURIComponent(path.join(root, 'elsewhere.tsv'))}`);
    await page('/?qid=q1&qrels=tiny/qrels/test.tsv');
  });
});

describe('the judging page', () => {
  it('a qrels, a pool, a missing pool: no machine path', async () => {
    await page('/judge');
    await page('/judge?qrels=tiny/README.md');
    await page('/judge?qrels=tiny/qrels/test.tsv');
    await page('/judge?qrels=tiny/qrels/test.tsv&pool=results:nope.tsv');
    await page('/judge?qrels=tiny/qrels/test.tsv&pool=experiment:nope');
  });
});

describe('the experiment pages', () => {
  it("a finished experiment's page, the list and a failed experiment's page show corpus and output relatively", async () => {
    const started = (await (await post('/experiments', { yaml: yaml('pages', 'tiny') })).json()) as { id: string };
    const failed = (await (await post('/experiments', { yaml: yaml('broken', 'noqueries') })).json()) as { id: string };
    expect((await settledExperiment(started.id)).state).toBe('done');
    expect((await settledExperiment(failed.id)).state).toBe('failed');
    const report = await page(`/experiments/${started.id}`);
    expect(report.status).toBe(200);
    expect(report.html).toContain('Corpus <code>tiny</code>');
    // the saved report (by folder name) reads the same
    await page('/experiments/pages');
    await page(`/experiments/${failed.id}`);
    await page('/experiments');
    await page('/experiments/nothing-here');
  });
});
