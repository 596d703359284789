import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExperimentJob } from '../../src/experiments/experiment-jobs.js';
import { createApp } from '../../src/http/app.js';
import { IndexCatalog } from '../../src/serving/catalog/index-catalog.js';
import { JobQueue } from '../../src/serving/jobs/job-queue.js';
import { TINY_BEIR, tmpDir } from '../helpers/tmp.js';

/**
 * Two experiments of one name would write the same result files, so only one is live at a time.
 * Asking again for the live one (the same config, however its YAML is written) answers that job;
 * a different config under its name is a 409 naming the live job's id, never a 202 for a config
 * that would not run. The queue's one place is held by a job that never ends, so the experiment
 * stays queued (live) for as long as the test needs it.
 */
const root = tmpDir('exp-name-');
const corporaRoot = path.join(root, 'corpora');
let catalog: IndexCatalog;
let app: ReturnType<typeof createApp>;
let release: () => void = () => {};

beforeAll(() => {
  fs.cpSync(TINY_BEIR, path.join(corporaRoot, 'tiny'), { recursive: true });
  const queue = new JobQueue(1);
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  queue.add({ run: () => held, stop: async () => release() });
  catalog = new IndexCatalog(path.join(root, 'data'), { queue });
  app = createApp({
    catalog,
    corporaRoot,
    resultsRoot: path.join(root, 'results'),
    experimentsRoot: path.join(root, 'experiments'),
    cacheDir: path.join(root, 'cache'),
  });
});
afterAll(async () => {
  release();
  await catalog.close();
});

const post = (yaml: string) =>
  app.request('/experiments', {
    method: 'POST',
    body: JSON.stringify({ yaml }),
    headers: { 'content-type': 'application/json' },
  });

const YAML = `name: same
corpus: tiny
ks: [1, 5]
grid:
  chunkers: [doc]
  embedders: [none]
  retrievers: [{ name: bm25, mode: bm25 }]
`;
// The same config: keys in another order, flow style written as blocks.
const SAME_REWRITTEN = `corpus: tiny
name: same
grid:
  retrievers:
    - mode: bm25
      name: bm25
  embedders: [none]
  chunkers: [doc]
ks:
  - 1
  - 5
`;
const OTHER = YAML.replace('ks: [1, 5]', 'ks: [1, 10]');

describe('a second experiment with a live experiment’s name', () => {
  let id = '';

  it('the first is queued behind the job holding the queue', async () => {
    const res = await post(YAML);
    expect(res.status).toBe(202);
    const job = (await res.json()) as { id: string; state: string };
    expect(job.state).toBe('queued');
    id = job.id;
  });

  it('the same config again (as sent, or written otherwise) answers the live job: 202 with its id', async () => {
    for (const yaml of [YAML, SAME_REWRITTEN]) {
      const res = await post(yaml);
      expect(res.status).toBe(202);
      expect(((await res.json()) as { id: string }).id).toBe(id);
    }
  });

  it('a different config under the name is a JSON 409 naming the live job, and nothing new is queued', async () => {
    const res = await post(OTHER);
    expect(res.status).toBe(409);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    const { error } = (await res.json()) as { error: { code: string; message: string } };
    expect(error.code).toBe('conflict');
    expect(error.message).toContain(id);
    expect(error.message).toContain('"same"');
    const { experiments } = (await (await app.request('/experiments')).json()) as { experiments: ExperimentJob[] };
    expect(experiments.filter((e) => e.name === 'same').map((e) => e.id)).toEqual([id]);
  });

  it('once the live job is cancelled, the other config starts under the name', async () => {
    expect((await app.request(`/experiments/${id}`, { method: 'DELETE' })).status).toBe(200);
    const res = await post(OTHER);
    expect(res.status).toBe(202);
    const other = (await res.json()) as { id: string };
    expect(other.id).not.toBe(id);
    expect((await app.request(`/experiments/${other.id}`, { method: 'DELETE' })).status).toBe(200);
  });
});
