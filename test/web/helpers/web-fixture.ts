import fs from 'node:fs';
import path from 'node:path';
import { IndexCatalog } from '../../../src/serving/catalog/index-catalog.js';
import { createApp, type AppDeps } from '../../../src/http/app.js';
import { buildIndex } from '../../../src/indexing/build-index.js';
import { expect } from 'vitest';
import type { ExperimentJob } from '../../../src/experiments/experiment-jobs.js';
import { TINY_BEIR } from '../../helpers/tmp.js';

/** An experiment over the tiny fixture: three retrievers, slices, real and synthetic queries. */
export const TINY_EXPERIMENT = `name: tiny-grid
description: BM25, dense and hybrid over the tiny fixture (hash embedder).
corpus: tiny
level: doc
ks: [1, 2, 3, 5, 10]
context_k: 1
rerank_depth: 10
metrics: [ndcg@10, mrr@10]
slices: [type, source]
baseline: bm25
grid:
  chunkers: ['structure:40']
  embedders: ['hash:64']
  retrievers:
    - { name: bm25, mode: bm25 }
    - { name: dense, mode: dense }
    - { name: hybrid, mode: hybrid, fusion: rrf, rrf_k: 10 }
`;

export interface WebFixture {
  app: ReturnType<typeof createApp>;
  catalog: IndexCatalog;
  root: string;
  corporaRoot: string;
  resultsRoot: string;
}

/**
 * The real app (createApp, pages mounted as the server mounts them) over `root`: the tiny BEIR
 * fixture as the only corpus and gold set (corpora/tiny), its index `tiny` built with the hash
 * embedder, and the experiment above in experiments/tiny-grid.yaml.
 */
export async function webFixture(root: string, deps: Partial<AppDeps> = {}): Promise<WebFixture> {
  const corporaRoot = path.join(root, 'corpora');
  const experimentsRoot = path.join(root, 'experiments');
  const resultsRoot = path.join(root, 'results');
  fs.mkdirSync(experimentsRoot, { recursive: true });
  fs.cpSync(TINY_BEIR, path.join(corporaRoot, 'tiny'), { recursive: true });
  fs.writeFileSync(path.join(experimentsRoot, 'tiny-grid.yaml'), TINY_EXPERIMENT);
  await buildIndex({
    corpus: path.join(corporaRoot, 'tiny'),
    out: path.join(root, 'data', 'tiny.sqlite'),
    chunker: 'structure:40',
    embedder: 'hash:64',
  });
  const catalog = new IndexCatalog(path.join(root, 'data'));
  const app = createApp({
    catalog,
    corporaRoot,
    experimentsRoot,
    resultsRoot,
    cacheDir: path.join(root, 'cache'),
    ...deps,
  });
  return { app, catalog, root, corporaRoot, resultsRoot };
}

/** GET as a browser navigating asks: text/html first. */
export const browserGet = (app: WebFixture['app'], url: string) =>
  app.request(url, { headers: { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' } });

/**
 * Starts tiny-grid.yaml (or another config of the experiments folder) as POST /experiments does
 * and polls the job until it ends (bounded by the caller's hook timeout alone: a loaded machine
 * is slow, not wrong); the job must be done.
 */
export async function runTinyExperiment(
  fx: Pick<WebFixture, 'app'>,
  config = 'tiny-grid.yaml',
): Promise<ExperimentJob> {
  const res = await fx.app.request('/experiments', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ config }),
  });
  expect(res.status).toBe(202);
  const { id } = (await res.json()) as { id: string };
  for (;;) {
    const job = (await (await fx.app.request(`/experiments/${id}`)).json()) as ExperimentJob;
    if (job.state !== 'running' && job.state !== 'queued') {
      expect(job.error).toBeUndefined();
      expect(job.state).toBe('done');
      return job;
    }
    await new Promise((r) => setTimeout(r, 50));
  }
}
