import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExperimentJob } from '../../src/experiments/experiment-jobs.js';
import { createApp } from '../../src/http/app.js';
import { IndexCatalog } from '../../src/serving/catalog/index-catalog.js';
import { runCli } from '../helpers/cli.js';
import { timeBudget } from '../helpers/time-budget.js';
import { TINY_BEIR, tmpDir } from '../helpers/tmp.js';

/**
 * An experiment that finished keeps its report: a second run under its name with another config
 * would write the same folder, replacing the report while the first job still reads `done`. Over
 * HTTP it is a JSON 409 naming the finished job, with the report untouched; the same config
 * again is answered with the finished job. On the command line, where editing a config and
 * running it again is the usual loop, a run whose output folder holds another config's report
 * says so on its first line before it replaces it. And a name too long to be
 * a file name is refused when submitted, never after the work (ENAMETOOLONG).
 */
const root = tmpDir('exp-finished-');
const corporaRoot = path.join(root, 'corpora');
const resultsRoot = path.join(root, 'results');
let catalog: IndexCatalog;
let app: ReturnType<typeof createApp>;

beforeAll(() => {
  fs.cpSync(TINY_BEIR, path.join(corporaRoot, 'tiny'), { recursive: true });
  catalog = new IndexCatalog(path.join(root, 'data'));
  app = createApp({
    catalog,
    corporaRoot,
    resultsRoot,
    experimentsRoot: path.join(root, 'experiments'),
    cacheDir: path.join(root, 'cache'),
  });
});
afterAll(async () => {
  await catalog.close();
});

const YAML = `name: kept
corpus: tiny
ks: [1, 5]
grid:
  chunkers: [doc]
  embedders: [none]
  retrievers: [{ name: bm25, mode: bm25 }]
`;
const OTHER = YAML.replace('ks: [1, 5]', 'ks: [1, 10]');

const post = (yaml: string) =>
  app.request('/experiments', {
    method: 'POST',
    body: JSON.stringify({ yaml }),
    headers: { 'content-type': 'application/json' },
  });

async function waitFor(id: string): Promise<ExperimentJob> {
  // Polled until it ends, bounded by the test's timeout alone: a loaded machine is slow, not wrong.
  for (;;) {
    const job = (await (await app.request(`/experiments/${id}`)).json()) as ExperimentJob;
    if (job.state !== 'running' && job.state !== 'queued') return job;
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('a second run under a finished experiment’s name', () => {
  let id = '';
  let report = '';
  const reportFile = path.join(resultsRoot, 'kept', 'report.json');

  it(
    'the first runs to done and writes its report',
    async () => {
      const res = await post(YAML);
      expect(res.status).toBe(202);
      id = ((await res.json()) as { id: string }).id;
      expect((await waitFor(id)).state).toBe('done');
      report = fs.readFileSync(reportFile, 'utf8');
    },
    timeBudget(120_000),
  );

  it('another config under the name is a JSON 409 naming the finished job; its report stays, the job still has it', async () => {
    const res = await post(OTHER);
    expect(res.status).toBe(409);
    const { error } = (await res.json()) as { error: { code: string; message: string } };
    expect(error.code).toBe('conflict');
    expect(error.message).toContain(id);
    expect(error.message).toContain('"kept"');
    expect(fs.readFileSync(reportFile, 'utf8')).toBe(report);
    const job = (await (await app.request(`/experiments/${id}`)).json()) as ExperimentJob;
    expect(job.state).toBe('done');
    expect(job.report?.createdAt).toBe((JSON.parse(report) as { createdAt: string }).createdAt);
    const { experiments } = (await (await app.request('/experiments')).json()) as { experiments: ExperimentJob[] };
    expect(experiments.filter((e) => e.name === 'kept').map((e) => e.id)).toEqual([id]);
  });

  it('the same config again is answered with the finished job, nothing run again', async () => {
    const res = await post(YAML);
    expect(res.status).toBe(202);
    const again = (await res.json()) as { id: string; state: string };
    expect(again).toMatchObject({ id, state: 'done' });
    expect(fs.readFileSync(reportFile, 'utf8')).toBe(report);
  });

  it(
    'testbed experiment with another config writing that folder: says whose report it replaces before it starts',
    async () => {
      const config = path.join(root, 'other.yaml');
      fs.writeFileSync(
        config,
        OTHER.replace('corpus: tiny', `corpus: ${path.join(corporaRoot, 'tiny')}`) +
          `output: ${path.join(resultsRoot, 'kept')}\n`,
      );
      const r = await runCli(['experiment', config, '--cache-dir', path.join(root, 'cache')]);
      expect(r.code, r.err).toBe(0);
      expect(r.err.split('\n')[0]).toBe(
        `note: ${path.join(resultsRoot, 'kept')} holds the report of another configuration of experiment "kept" (written ${(JSON.parse(report) as { createdAt: string }).createdAt}): this run replaces it`,
      );
    },
    timeBudget(60_000),
  );
});

describe('a name too long to be a file name', () => {
  const long = 'x'.repeat(300);

  it('POST /experiments: a JSON 400 naming the field, nothing queued', async () => {
    const res = await post(YAML.replace('name: kept', `name: ${long}`));
    expect(res.status).toBe(400);
    const { error } = (await res.json()) as { error: { message: string } };
    expect(error.message).toMatch(/name.*at most 128 characters \(it becomes a file name\)/);
    const { experiments } = (await (await app.request('/experiments')).json()) as { experiments: ExperimentJob[] };
    expect(experiments.some((e) => e.name === long)).toBe(false);
  });

  it('a retriever name too: 400', async () => {
    const res = await post(YAML.replace('name: bm25', `name: ${long}`));
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { message: string } }).error.message).toMatch(/at most 128 characters/);
  });

  it('testbed experiment: one line naming the file and line, exit 2, no results folder', async () => {
    const config = path.join(root, 'long.yaml');
    fs.writeFileSync(
      config,
      YAML.replace('name: kept', `name: ${long}`).replace('corpus: tiny', `corpus: ${TINY_BEIR}`),
    );
    const r = await runCli(['experiment', config, '--cache-dir', path.join(root, 'cache')]);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(
      new RegExp(`^testbed experiment: ${config.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}:1 .*at most 128 characters`),
    );
    expect(r.err.split('\n').filter(Boolean)).toHaveLength(1);
  });

  it('testbed corpus download: a 300-character dataset name is refused before any request', async () => {
    const r = await runCli(['corpus', 'download', long, '--url', 'http://127.0.0.1:9/x.zip', '--dir', root]);
    expect(r.code).toBe(2);
    expect(r.err).toContain('the dataset name is 300 characters long; at most 128 (it becomes a file name)');
  });
});
