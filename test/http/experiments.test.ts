import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IndexCatalog } from '../../src/serving/catalog/index-catalog.js';
import type { ExperimentJob } from '../../src/experiments/experiment-jobs.js';
import { createApp } from '../../src/http/app.js';
import { TINY_BEIR, tmpDir } from '../helpers/tmp.js';

const root = tmpDir('http-exp-');
const corporaRoot = path.join(root, 'corpora');
const experimentsRoot = path.join(root, 'experiments');
const resultsRoot = path.join(root, 'results');
let catalog: IndexCatalog;
let app: ReturnType<typeof createApp>;

const yaml = (corpus: string) => `name: web
corpus: ${corpus}
ks: [1, 5]
context_k: 1
rerank_depth: 5
grid:
  chunkers: [doc]
  embedders: ['hash:32']
  retrievers: [{ name: bm25, mode: bm25 }, { name: hybrid, mode: hybrid }]
`;

beforeAll(() => {
  fs.mkdirSync(experimentsRoot, { recursive: true });
  fs.cpSync(TINY_BEIR, path.join(corporaRoot, 'tiny'), { recursive: true });
  fs.writeFileSync(path.join(experimentsRoot, 'web.yaml'), yaml('tiny'));
  catalog = new IndexCatalog(path.join(root, 'data'));
  app = createApp({ catalog, corporaRoot, experimentsRoot, resultsRoot, cacheDir: path.join(root, 'cache') });
});
afterAll(() => catalog.close());

const post = (body: unknown) =>
  app.request('/experiments', {
    method: 'POST',
    body: JSON.stringify(body),
    headers: { 'content-type': 'application/json' },
  });

async function waitFor(id: string): Promise<ExperimentJob> {
  // Each experiment runs in a process of its own (issue 14), which takes a moment to start.
  // Polled until done, bounded by the test's timeout alone: a loaded machine is slow, not wrong.
  for (;;) {
    const job = (await (await app.request(`/experiments/${id}`)).json()) as ExperimentJob;
    if (job.state !== 'running' && job.state !== 'queued') return job;
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('POST /experiments, GET /experiments/:id', () => {
  it('runs a config file from the experiments folder and reports progress, then results', async () => {
    const res = await post({ config: 'web.yaml' });
    expect(res.status).toBe(202);
    const { id } = (await res.json()) as { id: string };
    const job = await waitFor(id);
    expect(job.error).toBeUndefined();
    expect(job.state).toBe('done');
    expect(job.progress).toMatchObject({ phase: 'done' });
    expect(job.report!.configs.map((c) => c.name)).toEqual(['bm25', 'hybrid']);
    expect(fs.existsSync(path.join(resultsRoot, 'web', 'report.md'))).toBe(true);
    const list = (await (await app.request('/experiments')).json()) as { experiments: { id: string }[] };
    expect(list.experiments.map((e) => e.id)).toContain(id);
  });

  it('takes inline YAML too', async () => {
    const res = await post({ yaml: yaml('tiny').replace('name: web', 'name: inline') });
    expect(res.status).toBe(202);
    expect((await waitFor(((await res.json()) as { id: string }).id)).state).toBe('done');
  });

  it('refuses paths outside the served roots and bad configs with a 4xx naming the problem', async () => {
    const cases: [unknown, number, RegExp][] = [
      [{ config: '../secret.yaml' }, 400, /outside/],
      [{ yaml: yaml('/etc') }, 400, /outside/],
      [{ yaml: yaml('../../') }, 400, /outside/],
      [{ yaml: yaml('tiny') + 'colour: red\n' }, 400, /unknown key "colour"/],
      [{ yaml: 'name: [' }, 400, /invalid YAML/],
      [{ config: 'missing.yaml' }, 404, /not found/],
      [{ config: 'web.yaml', extra: 1 }, 400, /.+/],
    ];
    for (const [body, status, message] of cases) {
      const res = await post(body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(((await res.json()) as { error: { message: string } }).error.message).toMatch(message);
    }
    expect((await app.request('/experiments/nope')).status).toBe(404);
  });
});
