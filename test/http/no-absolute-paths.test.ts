import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BuildJob } from '../../src/serving/builds/build-jobs.js';
import { IndexCatalog } from '../../src/serving/catalog/index-catalog.js';
import type { ExperimentJob } from '../../src/experiments/experiment-jobs.js';
import { createApp } from '../../src/http/app.js';
import { TINY_BEIR, tmpDir } from '../helpers/tmp.js';

/**
 * No answer of the index, experiment and gold routes carries a path of the server's: requests,
 * index metadata and experiment outputs are written relative to the served roots, and error
 * messages (gold refusals, failed builds, failed experiments) name files from those roots.
 */
const root = tmpDir('no-abs-');
const corporaRoot = path.join(root, 'corpora');
const resultsRoot = path.join(root, 'results');
let catalog: IndexCatalog;
let app: ReturnType<typeof createApp>;

beforeAll(() => {
  fs.cpSync(TINY_BEIR, path.join(corporaRoot, 'tiny'), { recursive: true });
  // corpus.jsonl a link to itself: stat fails with ELOOP, naming the full path.
  fs.mkdirSync(path.join(corporaRoot, 'loopy'));
  fs.symlinkSync('corpus.jsonl', path.join(corporaRoot, 'loopy', 'corpus.jsonl'));
  // a BEIR folder without queries.jsonl: an experiment over it fails once started
  fs.mkdirSync(path.join(corporaRoot, 'noqueries', 'qrels'), { recursive: true });
  fs.copyFileSync(path.join(TINY_BEIR, 'corpus.jsonl'), path.join(corporaRoot, 'noqueries', 'corpus.jsonl'));
  fs.copyFileSync(path.join(TINY_BEIR, 'qrels', 'test.tsv'), path.join(corporaRoot, 'noqueries', 'qrels', 'test.tsv'));
  catalog = new IndexCatalog(path.join(root, 'data'));
  app = createApp({
    catalog,
    corporaRoot,
    resultsRoot,
    experimentsRoot: path.join(root, 'experiments'),
    cacheDir: path.join(root, 'cache'),
  });
});
afterAll(() => catalog.close());

/** The server-side folders no answer may name: the test's roots (as given and resolved), the temp folder, the working folder. */
const serverPaths = () => [root, fs.realpathSync(root), os.tmpdir(), process.cwd()];

/** The answer's body, checked to name no server path. */
async function body<T>(res: Response | Promise<Response>): Promise<{ status: number; json: T }> {
  const r = await res;
  const text = await r.text();
  for (const p of serverPaths()) expect(text, `answer names ${p}`).not.toContain(p);
  return { status: r.status, json: JSON.parse(text) as T };
}

const post = (url: string, payload: unknown) =>
  app.request(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(payload) });
type ErrorAnswer = { error: { code: string; message: string } };
const relative = (p: string | undefined) => expect(p === undefined || !p.startsWith('/'), String(p)).toBe(true);

async function settledBuild(
  name: string,
): Promise<{ status: string; meta: { corpus: { path: string } } | null; job: BuildJob }> {
  // Polled until done, bounded by the test's timeout alone: a loaded machine is slow, not wrong.
  for (;;) {
    const { json } = await body<{ status: string; meta: { corpus: { path: string } } | null; job: BuildJob }>(
      app.request(`/indexes/${name}`),
    );
    if (json.job.state !== 'running' && json.job.state !== 'queued') return json;
    await new Promise((r) => setTimeout(r, 25));
  }
}

async function settledExperiment(id: string): Promise<ExperimentJob> {
  // Polled until done, bounded by the test's timeout alone: a loaded machine is slow, not wrong.
  for (;;) {
    const { json } = await body<ExperimentJob>(app.request(`/experiments/${id}`));
    if (json.state !== 'running' && json.state !== 'queued') return json;
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe('gold refusals', () => {
  it('unknown ids in a BEIR folder: 400 naming queries.jsonl and corpus.jsonl from the corpora root', async () => {
    const both = await body<ErrorAnswer>(
      post('/gold', { qrels: 'tiny/qrels/test.tsv', query_id: 'nope', doc_id: 'nada' }),
    );
    expect(both.status).toBe(400);
    expect(both.json.error.message).toBe(
      'unknown query id "nope" (not in corpora/tiny/queries.jsonl); unknown document id "nada" (not in corpora/tiny/corpus.jsonl)',
    );
    const one = await body<ErrorAnswer>(
      post('/gold', { qrels: 'tiny/qrels/test.tsv', query_id: 'nope', doc_id: 'error-e1042' }),
    );
    expect(one.json.error.message).toBe('corpora/tiny/queries.jsonl (field "query_id"): unknown query id "nope"');
  });

  it('a missing qrels: 400 without the field, 404 for a file not there, 400 for a folder; none names a server path', async () => {
    const noField = await body<ErrorAnswer>(post('/gold', { query_id: 'q1', doc_id: 'plans' }));
    expect(noField.status).toBe(400);
    expect(noField.json.error.message).toMatch(/^qrels: /);
    const notThere = await body<ErrorAnswer>(
      post('/gold', { qrels: 'tiny/qrels/dev.tsv', query_id: 'q1', doc_id: 'plans' }),
    );
    expect(notThere.status).toBe(404);
    const listed = await body<ErrorAnswer>(app.request('/gold?qrels=tiny/qrels/dev.tsv'));
    expect(listed.status).toBe(404);
    const folder = await body<ErrorAnswer>(post('/gold', { qrels: 'tiny/qrels', query_id: 'q1', doc_id: 'plans' }));
    expect(folder.status).toBe(400);
    const outside = await body<ErrorAnswer>(
      post('/gold', { qrels: path.join(root, 'elsewhere.tsv'), query_id: 'q1', doc_id: 'plans' }),
    );
    expect(outside.status).toBe(400);
    expect(outside.json.error.message).toBe('qrels path "elsewhere.tsv" is outside the corpora root');
  });
});

describe('index builds', () => {
  it('a build answers its corpus and its metadata relative to the corpora root', async () => {
    const started = await body<{ job: BuildJob }>(
      post('/indexes', { name: 'tiny', corpus: 'tiny', chunker: 'doc', embedder: 'none' }),
    );
    expect(started.status).toBe(202);
    expect(started.json.job.request.corpus).toBe('tiny');
    const info = await settledBuild('tiny');
    expect(info.job.state).toBe('done');
    expect(info.job.request.corpus).toBe('tiny');
    expect(info.meta!.corpus.path).toBe('tiny');
    expect(info.job.meta!.corpus.path).toBe('tiny');
    const { json } = await body<{ indexes: { name: string; meta: { corpus: { path: string } } }[] }>(
      app.request('/indexes'),
    );
    expect(json.indexes.find((i) => i.name === 'tiny')!.meta.corpus.path).toBe('tiny');
  });

  it('a build failing on a symbolic-link loop (ELOOP) reports the file from the corpora root', async () => {
    const started = await body<{ job: BuildJob }>(
      post('/indexes', { name: 'loopy', corpus: 'loopy', chunker: 'doc', embedder: 'none' }),
    );
    expect(started.status).toBe(202);
    const info = await settledBuild('loopy');
    expect(info.job.state).toBe('failed');
    expect(info.job.request.corpus).toBe('loopy');
    expect(info.job.error).toContain('corpora/loopy/corpus.jsonl');
    relative(info.job.error);
    // nothing half-written: no index at the name, no temp file beside it
    expect(fs.readdirSync(path.join(root, 'data')).filter((f) => f.startsWith('loopy'))).toEqual([]);
  });
});

describe('experiments', () => {
  const yaml = (name: string, corpus: string) => `name: ${name}
corpus: ${corpus}
ks: [1, 5]
grid:
  chunkers: [doc]
  embedders: [none]
  retrievers: [{ name: bm25, mode: bm25 }]
`;

  it("output, and the report's config, are written relative to the served roots", async () => {
    const started = await body<{ id: string; output: string }>(post('/experiments', { yaml: yaml('rel', 'tiny') }));
    expect(started.status).toBe(202);
    expect(started.json.output).toBe('rel');
    const job = await settledExperiment(started.json.id);
    expect(job.error).toBeUndefined();
    expect(job).toMatchObject({ state: 'done', output: 'rel' });
    expect(job.report!.config).toMatchObject({ corpus: 'tiny', output: 'rel' });
    const { json } = await body<{ experiments: ExperimentJob[] }>(app.request('/experiments'));
    for (const e of json.experiments) relative(e.output);
    // the report itself is where the job says, under the results root
    expect(fs.existsSync(path.join(resultsRoot, 'rel', 'report.json'))).toBe(true);
  });

  it('a failed experiment names the missing file from the corpora root', async () => {
    const started = await body<{ id: string }>(post('/experiments', { yaml: yaml('broken', 'noqueries') }));
    const job = await settledExperiment(started.json.id);
    expect(job.state).toBe('failed');
    expect(job.error).toContain('corpora/noqueries/queries.jsonl');
    relative(job.error);
  });

  it('a refused config names no server path', async () => {
    const outside = await body<ErrorAnswer>(post('/experiments', { yaml: yaml('x', path.join(root, 'elsewhere')) }));
    expect(outside.status).toBe(400);
    expect(outside.json.error.message).toMatch(/^corpus path "elsewhere" is outside the corpora root/);
  });
});
