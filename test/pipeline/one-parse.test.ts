import fs from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { IndexCatalog } from '../../src/serving/catalog/index-catalog.js';
import { searchRequest } from '../../src/cli/search-options.js';
import { parseExperimentConfig } from '../../src/experiments/config.js';
import { checkGridSize } from '../../src/experiments/grid-limit.js';
import { expandGrid } from '../../src/experiments/grid.js';
import { adoptPipelines, retrieverPipeline, settledPipelines } from '../../src/experiments/retriever-pipeline.js';
import { createApp } from '../../src/http/app.js';
import { pipelineSpec } from '../../src/pipeline/pipeline-spec.js';
import { shorthandParams } from '../../src/pipeline/shorthand.js';
import { parseSearchParams } from '../../src/search/search-params.js';
import { TINY_BEIR, tmpDir } from '../helpers/tmp.js';

/** Every parse of a search, a shorthand's or a pipeline's, counted through the two schemas that read them. */
function countParses() {
  const pipelines = vi.spyOn(pipelineSpec, 'safeParse');
  const shorthands = vi.spyOn(shorthandParams, 'safeParse');
  return () => pipelines.mock.calls.length + shorthands.mock.calls.length;
}
afterEach(() => vi.restoreAllMocks());

const config = (corpus: string) => `name: once
corpus: ${corpus}
ks: [1, 5]
grid:
  chunkers: [doc]
  embedders: ['hash:32']
  retrievers:
    - { name: bm25, mode: bm25, k1: 1.2 }
    - { name: hybrid, mode: hybrid, fusion: score, alpha: 0.3 }
    - { name: legs, legs: [{ type: lexical, engine: fts5 }, { type: dense }], fusion: { method: combmnz } }
`;

describe('each pipeline is parsed once per request or experiment', () => {
  it('a search request: one parse, a shorthand expanded without parsing it again', () => {
    let parses = countParses();
    parseSearchParams('hybrid', { index: 'i', q: 'q', rrf_k: '30' });
    expect(parses()).toBe(1);
    vi.restoreAllMocks();
    parses = countParses();
    parseSearchParams(undefined, { index: 'i', q: 'q', legs: '[{"type": "dense"}, {"type": "lexical"}]' });
    expect(parses()).toBe(1);
    vi.restoreAllMocks();
    parses = countParses();
    searchRequest({ mode: 'bm25', k1: '1.1' }, 'q', { k: 10, level: 'chunk' });
    expect(parses()).toBe(1);
  });

  it('an experiment: settled as the config is read, then handed on to the checks and the grid', () => {
    const parses = countParses();
    const c = parseExperimentConfig(config('corpora/demo'), 'once.yaml');
    const retrievers = c.grid.retrievers.length;
    expect(parses()).toBe(retrievers);
    const checked = c.grid.retrievers.map((r) => retrieverPipeline(r, c.level, 100));
    checkGridSize(c, 1000);
    const cells = expandGrid(c, 100);
    expect(parses()).toBe(retrievers);
    // The grid runs the very values the checks saw, not equal copies.
    for (const [i, cell] of cells.entries()) expect(cell.pipeline).toBe(checked[i]);
    // Another depth changes k only, checked against the pipeline's own bound, with no parse.
    const deep = expandGrid(c, 1000);
    expect(deep.map((cell) => cell.pipeline.k)).toEqual(cells.map(() => 1000));
    expect(deep[0]!.pipeline.legs).toBe(checked[0]!.legs);
    expect(() => expandGrid(c, 1001)).toThrow('k must be an integer from 1 to 1000, got 1001');
    expect(parses()).toBe(retrievers);
  });

  it("the experiment's own process, handed the config as JSON with the settled pipelines, parses none", () => {
    const read = parseExperimentConfig(config('corpora/demo'), 'once.yaml');
    const settled = settledPipelines(read);
    // What startExperimentProcess sends and experiment-child.ts receives.
    const { config: sent, pipelines } = JSON.parse(JSON.stringify({ config: read, pipelines: settled }));
    const parses = countParses();
    adoptPipelines(sent, pipelines);
    const cells = expandGrid(sent, 100);
    expect(parses()).toBe(0);
    expect(cells.map((cell) => cell.pipeline)).toEqual(settled);
  });

  it('a retriever rewritten in place after it was read is settled again, not answered stale', () => {
    const c = parseExperimentConfig(config('corpora/demo'), 'once.yaml');
    const r = c.grid.retrievers[0]!;
    expect(retrieverPipeline(r, c.level, 100).legs[0]).toMatchObject({ k1: 1.2 });
    r.k1 = 1.5;
    expect(retrieverPipeline(r, c.level, 100).legs[0]).toMatchObject({ k1: 1.5 });
  });
});

describe('POST /experiments parses each retriever once in the server', () => {
  const root = tmpDir('one-parse-');
  let catalog: IndexCatalog;
  let app: ReturnType<typeof createApp>;
  beforeAll(() => {
    fs.cpSync(TINY_BEIR, path.join(root, 'corpora', 'tiny'), { recursive: true });
    fs.mkdirSync(path.join(root, 'experiments'));
    catalog = new IndexCatalog(path.join(root, 'data'));
    app = createApp({
      catalog,
      corporaRoot: path.join(root, 'corpora'),
      experimentsRoot: path.join(root, 'experiments'),
      resultsRoot: path.join(root, 'results'),
      cacheDir: path.join(root, 'cache'),
    });
  });
  afterAll(() => catalog.close());

  it('reads, confines, checks the remote endpoints and the grid size of three retrievers with three parses', async () => {
    const parses = countParses();
    const res = await app.request('/experiments', {
      method: 'POST',
      body: JSON.stringify({ yaml: config('tiny') }),
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(202);
    expect(parses()).toBe(3);
    const { id } = (await res.json()) as { id: string };
    // Its run (in a process of its own) is not what this test measures.
    expect((await app.request(`/experiments/${id}`, { method: 'DELETE' })).status).toBe(200);
  });
});
