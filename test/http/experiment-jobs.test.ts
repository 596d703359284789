import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IndexCatalog } from '../../src/serving/catalog/index-catalog.js';
import { JobQueue } from '../../src/serving/jobs/job-queue.js';
import type { ExperimentJob } from '../../src/experiments/experiment-jobs.js';
import { createApp } from '../../src/http/app.js';
import { buildIndex } from '../../src/indexing/build-index.js';
import { bm25Grid } from '../helpers/bm25-grid.js';
import { tmpDir } from '../helpers/tmp.js';
import { timeBudget } from '../helpers/time-budget.js';
import { setFileTimeouts } from '../helpers/file-timeouts.js';

/**
 * Experiments over HTTP run in processes of their own, one at a time, behind a grid limit, and
 * can be cancelled (issue 14). The app runs in this process, as in the other HTTP tests; every
 * experiment runs in a child process.
 */
// Each experiment here runs in a child process and is scored in full. The longest test (two
// experiments, 8 + 2 BM25 cells over the demo's 353 queries) took 36 s and 68 s in two runs
// under scripts/with-cpu-load.sh beside other test files on the 2-core machine; 240 s is three
// and a half times the slower.
setFileTimeouts({ testTimeout: timeBudget(240_000) });
const DEMO = path.resolve(import.meta.dirname, '../../corpora/demo');
const root = tmpDir('exp-jobs-');
const corporaRoot = path.join(root, 'corpora');
const resultsRoot = path.join(root, 'results');
const cacheDir = path.join(root, 'cache');
let catalog: IndexCatalog;
let app: ReturnType<typeof createApp>;

beforeAll(async () => {
  fs.cpSync(DEMO, path.join(corporaRoot, 'demo'), { recursive: true });
  const dataDir = path.join(root, 'data');
  await buildIndex({
    corpus: path.join(corporaRoot, 'demo'),
    out: path.join(dataDir, 'demo.sqlite'),
    embedder: 'hash:32',
    chunker: 'doc',
    tokenizer: 'unicode61',
    cacheFile: path.join(cacheDir, 'embeddings.sqlite'),
  });
  catalog = new IndexCatalog(dataDir, { queue: new JobQueue(1) });
  app = createApp({
    catalog,
    corporaRoot,
    resultsRoot,
    cacheDir,
    experimentsRoot: path.join(root, 'experiments'),
    maxGridCells: 60,
  });
});
afterAll(() => catalog.close());

const post = (yaml: string) =>
  app.request('/experiments', {
    method: 'POST',
    body: JSON.stringify({ yaml }),
    headers: { 'content-type': 'application/json' },
  });
const start = async (yaml: string) => {
  const res = await post(yaml);
  expect(res.status, await res.clone().text()).toBe(202);
  return (await res.json()) as { id: string; state: string };
};
const get = async (id: string) => (await (await app.request(`/experiments/${id}`)).json()) as ExperimentJob;
const cancel = (id: string) => app.request(`/experiments/${id}`, { method: 'DELETE' });
const cellsOf = (name: string) => {
  const dir = path.join(resultsRoot, name, 'cells');
  return fs.existsSync(dir)
    ? fs
        .readdirSync(dir)
        .filter((f) => f.endsWith('.json'))
        .sort()
    : [];
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Polls until `probe` gives a value. No deadline of its own: a wait that never ends is cut by the
 * test's timeout (above), the one budget derived from the work; a shorter inner deadline (90 s)
 * was what failed under load while the experiment was still making progress.
 */
async function until<T>(probe: () => Promise<T | undefined> | T | undefined): Promise<T> {
  for (;;) {
    const v = await probe();
    if (v !== undefined && v !== false) return v;
    await sleep(25);
  }
}
const ended = (id: string) =>
  until(async () => {
    const j = await get(id);
    return j.state === 'queued' || j.state === 'running' ? undefined : j;
  });

describe('the grid limit', () => {
  it('refuses a grid over --max-grid-cells with a 400 saying how big and the limit, before anything runs', async () => {
    const res = await post(bm25Grid('too-big', 'demo', 61));
    expect(res.status).toBe(400);
    const { error } = (await res.json()) as { error: { message: string } };
    expect(error.message).toContain(
      'grid has 61 configurations (1 chunker(s) x 1 embedder(s) x 1 tokenizer(s) x 61 retriever(s))',
    );
    expect(error.message).toContain('limit of 60');
    const { experiments } = (await (await app.request('/experiments')).json()) as { experiments: ExperimentJob[] };
    expect(experiments.map((e) => e.name)).not.toContain('too-big');
    expect(fs.existsSync(path.join(resultsRoot, 'too-big'))).toBe(false);
  });
});

describe('one job at a time, off the serving loop', () => {
  it('a second experiment is queued until the first finishes; searches are answered meanwhile', async () => {
    // warm: the index open, its first query planned
    expect((await app.request('/search/bm25?index=demo&q=E1042&k=5')).status).toBe(200);
    const first = await start(bm25Grid('first', 'demo', 8));
    const second = await start(bm25Grid('second', 'demo', 2));
    expect(first.state).toBe('running');
    expect(second.state).toBe('queued');
    const searches: (0 | 1)[] = [];
    for (;;) {
      const [a, b] = [await get(first.id), await get(second.id)];
      if (a.state !== 'running') break;
      expect(b.state).toBe('queued');
      expect(b.progress).toMatchObject({ done: 0 });
      if (a.progress.phase === 'retrieving') {
        const res = await app.request('/search/bm25?index=demo&q=cant%20log%20in&k=10');
        expect(res.status).toBe(200);
        // answered while the experiment was still running, not after it
        searches.push((await get(first.id)).state === 'running' ? 1 : 0);
      }
      await sleep(20);
    }
    const a = await ended(first.id);
    expect(a.state, a.error).toBe('done');
    const b = await ended(second.id);
    expect(b.state, b.error).toBe('done');
    expect(b.report!.createdAt > a.finishedAt!).toBe(true);
    // While the first one retrieved, searches were answered and it was still running after them.
    // How fast they were is measured in BENCHMARKS.md ("Experiments off the serving loop"), not
    // here: a 200 ms bound failed on a loaded machine.
    expect(searches.filter((during) => during === 1).length).toBeGreaterThan(3);
  });
});

// Six cells: two finish before the cancel, the rest are left for the resume (16 took minutes under load).
const CANCEL_CELLS = 6;

describe('DELETE /experiments/:id', () => {
  let kept: string[] = [];
  const yaml = bm25Grid('cancel-me', 'demo', CANCEL_CELLS);

  it('cancels a running experiment: state cancelled, its process stopped, finished cells kept', async () => {
    const { id } = await start(yaml);
    await until(() => cellsOf('cancel-me').length >= 2 || undefined);
    const res = await cancel(id);
    expect(res.status).toBe(200);
    const job = (await res.json()) as ExperimentJob;
    expect(job).toMatchObject({ id, state: 'cancelled' });
    expect(job.error).toMatch(/start it again to resume/);
    kept = cellsOf('cancel-me');
    expect(kept.length).toBeGreaterThanOrEqual(2);
    expect(kept.length).toBeLessThan(CANCEL_CELLS);
    // stopped: no cell is written after the cancel
    await sleep(1000);
    expect(cellsOf('cancel-me')).toEqual(kept);
    expect((await get(id)).state).toBe('cancelled');
    expect(fs.existsSync(path.join(resultsRoot, 'cancel-me', 'report.json'))).toBe(false);
  });

  it('answers 409 for an experiment that has ended, 404 for an unknown id', async () => {
    const { experiments } = (await (await app.request('/experiments')).json()) as { experiments: ExperimentJob[] };
    const done = experiments.find((e) => e.state === 'done')!;
    const cancelled = experiments.find((e) => e.state === 'cancelled')!;
    for (const j of [done, cancelled]) {
      const res = await cancel(j.id);
      expect(res.status).toBe(409);
      expect(((await res.json()) as { error: { message: string } }).error.message).toContain(`is already ${j.state}`);
    }
    expect((await cancel('0b5d7c43-0000-4000-8000-000000000000')).status).toBe(404);
  });

  it('the same experiment started again resumes from the cells the cancelled run finished', async () => {
    const { id } = await start(yaml);
    const job = await ended(id);
    expect(job.state, job.error).toBe('done');
    const resumed = job.report!.configs.filter((c) => c.resumed).map((c) => `${c.name}.json`);
    expect(resumed).toEqual(kept);
    expect(cellsOf('cancel-me')).toHaveLength(CANCEL_CELLS);
  });

  it('cancels a queued experiment, which then never runs', async () => {
    const running = await start(bm25Grid('long', 'demo', 40));
    const queued = await start(bm25Grid('never', 'demo', 2));
    expect(queued.state).toBe('queued');
    const res = await cancel(queued.id);
    expect(res.status).toBe(200);
    expect(((await res.json()) as ExperimentJob).state).toBe('cancelled');
    expect((await cancel(running.id)).status).toBe(200);
    await sleep(500);
    expect((await get(queued.id)).state).toBe('cancelled');
    expect(fs.existsSync(path.join(resultsRoot, 'never'))).toBe(false);
  });
});
