import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BuildJob } from '../../src/serving/builds/build-jobs.js';
import { IndexCatalog } from '../../src/serving/catalog/index-catalog.js';
import type { ExperimentJob } from '../../src/experiments/experiment-jobs.js';
import { createApp } from '../../src/http/app.js';
import { isAlive } from '../../src/store/atomic-build.js';
import { TINY_BEIR, tmpDir } from '../helpers/tmp.js';
import { spawnLines } from '../robustness/helpers/child-lines.js';
import { writeGeneratedCorpus } from '../robustness/helpers/generated-corpus.js';

/**
 * A server killed during a build or an experiment: after the next start, GET /indexes/:name and
 * GET /experiments(/:id) show the job as `interrupted`, with the time it was last seen alive,
 * instead of forgetting it. The records left are whole, and nothing half-built sits at the
 * index's name.
 */
const root = tmpDir('interrupted-');
const dataDir = path.join(root, 'data');
const cacheDir = path.join(root, 'cache');
const corporaRoot = path.join(root, 'corpora');
const resultsRoot = path.join(root, 'results');
const CHILD = path.resolve(import.meta.dirname, 'helpers/catalog-build-child.ts');
const opened: IndexCatalog[] = [];

/** A catalog and app over the same folders, as a restarted server makes them. */
function restart() {
  const catalog = new IndexCatalog(dataDir);
  opened.push(catalog);
  return createApp({ catalog, corporaRoot, resultsRoot, cacheDir, experimentsRoot: path.join(root, 'experiments') });
}

/** The pid of a process that has exited: no process has it now. */
const deadPid = () => spawnSync(process.execPath, ['-e', '']).pid!;

/** Every file of a job folder: each one whole JSON, none a leftover temp file. */
function recordsIn(dir: string): { owner: { pid: number }; savedAt: string; job: { state: string } }[] {
  const names = fs.readdirSync(dir);
  expect(
    names.filter((n) => !n.endsWith('.json')),
    'temp files left',
  ).toEqual([]);
  return names.map((n) => JSON.parse(fs.readFileSync(path.join(dir, n), 'utf8')));
}

beforeAll(() => {
  fs.mkdirSync(corporaRoot, { recursive: true });
  fs.cpSync(TINY_BEIR, path.join(corporaRoot, 'tiny'), { recursive: true });
});
afterAll(async () => {
  for (const c of opened) await c.close();
});

describe('jobs of a server that is gone', () => {
  const lastSeen = '2025-03-04T05:06:07.000Z';
  const experimentId = '0b5d7c43-5a8e-4d8e-9d55-3f1b8e0c2a11';

  beforeAll(() => {
    const owner = { pid: deadPid(), instance: 'a-server-that-was-killed' };
    const build: BuildJob = {
      name: 'orphan',
      state: 'running',
      startedAt: '2025-03-04T05:06:00.000Z',
      request: { corpus: path.join(corporaRoot, 'tiny'), chunker: 'doc', embedder: 'none', tokenizer: 'auto' },
      progress: { phase: 'embedding', done: 3 },
      notices: [],
    };
    const experiment: ExperimentJob = {
      id: experimentId,
      name: 'orphan-exp',
      state: 'running',
      startedAt: '2025-03-04T05:06:00.000Z',
      progress: { phase: 'retrieving', done: 2, total: 10 },
      output: path.join(resultsRoot, 'orphan-exp'),
    };
    fs.mkdirSync(path.join(dataDir, '.jobs'), { recursive: true });
    fs.mkdirSync(path.join(cacheDir, 'jobs'), { recursive: true });
    fs.writeFileSync(
      path.join(dataDir, '.jobs', 'build-orphan.json'),
      JSON.stringify({ owner, savedAt: lastSeen, job: build }),
    );
    fs.writeFileSync(
      path.join(cacheDir, 'jobs', `experiment-${experimentId}.json`),
      JSON.stringify({ owner, savedAt: lastSeen, job: experiment }),
    );
  });

  it('GET /indexes/:name shows a build left running by a dead pid as interrupted, when it was last seen', async () => {
    const app = restart();
    const res = await app.request('/indexes/orphan');
    expect(res.status).toBe(200);
    const info = (await res.json()) as { status: string; meta: unknown; job: BuildJob };
    expect(info).toMatchObject({ status: 'absent', meta: null });
    expect(info.job).toMatchObject({
      name: 'orphan',
      state: 'interrupted',
      interruptedAt: lastSeen,
      request: { corpus: 'tiny' },
    });
    expect(info.job.error).toMatch(/^the server stopped before this build finished/);
    // recorded as interrupted, so the time does not move on the next start
    expect(recordsIn(path.join(dataDir, '.jobs')).map((r) => r.job.state)).toEqual(['interrupted']);
    expect(((await (await restart().request('/indexes/orphan')).json()) as { job: BuildJob }).job.interruptedAt).toBe(
      lastSeen,
    );
  });

  it('GET /experiments and /experiments/:id show an experiment left running by a dead pid as interrupted', async () => {
    const app = restart();
    const one = (await (await app.request(`/experiments/${experimentId}`)).json()) as ExperimentJob;
    expect(one).toMatchObject({
      id: experimentId,
      state: 'interrupted',
      interruptedAt: lastSeen,
      output: 'orphan-exp',
    });
    const { experiments } = (await (await app.request('/experiments')).json()) as { experiments: ExperimentJob[] };
    expect(experiments.find((e) => e.id === experimentId)).toMatchObject({
      state: 'interrupted',
      interruptedAt: lastSeen,
    });
    expect(recordsIn(path.join(cacheDir, 'jobs')).map((r) => r.job.state)).toEqual(['interrupted']);
  });

  it('a new build of the name starts as usual and replaces the record', async () => {
    const app = restart();
    const res = await app.request('/indexes', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'orphan', corpus: 'tiny', chunker: 'doc', embedder: 'none' }),
    });
    expect(res.status).toBe(202);
    let job: BuildJob | undefined;
    // the build runs in a process of its own (issue 14), which takes a moment to start
    for (let i = 0; i < 2400 && job?.state !== 'done'; i++) {
      await new Promise((r) => setTimeout(r, 25));
      job = ((await (await app.request('/indexes/orphan')).json()) as { job: BuildJob }).job;
    }
    expect(job).toMatchObject({ state: 'done' });
    expect(recordsIn(path.join(dataDir, '.jobs')).map((r) => r.job.state)).toEqual(['done']);
  });
});

describe('a build whose process is SIGKILLed', () => {
  const corpus = path.join(corporaRoot, 'big.jsonl');
  const name = 'big';

  beforeAll(() => writeGeneratedCorpus(corpus, 5000));

  it('reads interrupted after the next start; nothing was written at the index name', async () => {
    const run = spawnLines(['--import', 'tsx', CHILD, dataDir, name, corpus, path.join(root, 'embeddings.sqlite')]);
    const startedBefore = new Date().toISOString();
    // Killed mid-read (the phase the child reports most often; hash embedding is over in a blink).
    await run.waitFor((l) => /^phase reading [1-9]/.test(l));
    // The build runs in a process of its own (see IndexCatalog.startBuild), named in its temp file,
    // which exists from before the first document is read. Read before the kill: once its parent is
    // gone the build process removes the file on its way out, and may do so before a look after.
    const temps = fs.readdirSync(dataDir).filter((f) => f.startsWith(`${name}.sqlite.building-`));
    const builders = [...new Set(temps.map((f) => Number(f.slice(`${name}.sqlite.building-`.length).split('-')[0])))];
    run.child.kill('SIGKILL');
    const killedAt = new Date().toISOString();
    expect(await run.exited).toBe('SIGKILL');
    expect(run.lines).not.toContain('finished done');
    expect(builders, temps.join(', ')).toHaveLength(1);
    const builder = builders[0]!;
    expect(builder).not.toBe(run.child.pid);
    // ... and it ends with its parent.
    for (let i = 0; i < 200 && isAlive(builder); i++) await new Promise((r) => setTimeout(r, 25));
    expect(isAlive(builder), 'the build process outlived its server').toBe(false);

    const app = restart();
    const info = (await (await app.request(`/indexes/${name}`)).json()) as { status: string; job: BuildJob };
    expect(info.status).toBe('absent');
    expect(info.job.state).toBe('interrupted');
    expect(info.job.request.corpus).toBe('big.jsonl');
    expect(
      info.job.interruptedAt! >= startedBefore && info.job.interruptedAt! <= killedAt,
      `${startedBefore} <= ${info.job.interruptedAt} <= ${killedAt}`,
    ).toBe(true);
    // nothing at the index's name, and the half-built temp file the killed build left is swept
    expect(fs.readdirSync(dataDir).filter((f) => f.startsWith(name))).toEqual([]);
    for (const r of recordsIn(path.join(dataDir, '.jobs'))) expect(r.job.state).not.toBe('running');
  });
});
