import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHashEmbedder } from '../../src/embedders/hash.js';
import { parseExperimentConfig } from '../../src/experiments/config.js';
import { type ExperimentRun, runExperiment } from '../../src/experiments/runner.js';
import { renderMarkdown } from '../../src/reports/markdown.js';
import { tmpDir } from '../helpers/tmp.js';
import { type FakeEngine, type SeenRequest, searchAnswer, startFakeEngine } from '../retrievers/helpers/fake-engine.js';
import { timeBudget } from '../helpers/time-budget.js';

const FIXTURE = path.resolve(import.meta.dirname, '../fixtures/engine-hybrid');
const YAML = path.join(FIXTURE, 'engine-vs-ours.yaml');
const QUERIES = fs
  .readFileSync(path.join(FIXTURE, 'corpus', 'queries.jsonl'), 'utf8')
  .trim()
  .split('\n')
  .map((l) => JSON.parse(l) as { _id: string; text: string });

/**
 * The fake cluster's rankings, per query text (the qrels: q1 -> d3, q2 -> d1):
 *
 *             BM25 (multi_match)   k-NN          its own hybrid (score-ranker RRF)
 *   q1        d1 d2 d3             d3 d1 d4      d3 d2
 *   q2        d4 d1                d2 d4         d1
 *
 * Our RRF, k 60, of the first two (score = Σ 1 / (60 + rank)):
 *   q1: d1 1/61 + 1/62 > d3 1/63 + 1/61 > d2 1/62 > d4 1/63, so d3 is 2nd;
 *   q2: d4 1/61 + 1/62 > d2 1/61 > d1 1/62, so d1 is 3rd.
 * Reciprocal ranks of the relevant document, and recall@2:
 *   engine-hybrid  q1 1,   q2 1    -> mrr 1,                   recall@2 (1 + 1) / 2 = 1
 *   engine-bm25    q1 1/3, q2 1/2  -> mrr (1/3 + 1/2) / 2,     recall@2 (0 + 1) / 2
 *   engine-knn     q1 1,   q2 0    -> mrr 1/2,                 recall@2 (1 + 0) / 2
 *   ours-rrf       q1 1/2, q2 1/3  -> mrr (1/2 + 1/3) / 2,     recall@2 (1 + 0) / 2
 * (The engine's fusion here is made up, not RRF of the two lists: the report must show what the
 * engine answered, whatever it is.)
 */
const RANKINGS: Record<string, { bm25: string[]; knn: string[]; hybrid: string[] }> = {
  q1: { bm25: ['d1', 'd2', 'd3'], knn: ['d3', 'd1', 'd4'], hybrid: ['d3', 'd2'] },
  q2: { bm25: ['d4', 'd1'], knn: ['d2', 'd4'], hybrid: ['d1'] },
};

const hits = (ids: string[]) => searchAnswer(ids.map((id, i) => ({ _id: id, _score: ids.length - i })));

describe("an experiment putting the engine's own hybrid beside our fusion of the same legs", () => {
  const embedder = createHashEmbedder(64);
  let engine: FakeEngine;
  let run: ExperimentRun;
  const queryOfVector = new Map<string, string>();

  beforeAll(async () => {
    for (const q of QUERIES)
      queryOfVector.set(JSON.stringify(Array.from((await embedder.embed([q.text], 'query')).vectors[0]!)), q._id);
    const queryOfText = new Map(QUERIES.map((q) => [q.text, q._id]));
    engine = await startFakeEngine((req: SeenRequest) => {
      if (req.method === 'PUT' && req.path.startsWith('/_search/pipeline/')) return { json: { acknowledged: true } };
      const body = req.body as {
        query: {
          multi_match?: { query: string };
          knn?: { vector: { vector: number[] } };
          hybrid?: { queries: [{ multi_match: { query: string } }, unknown] };
        };
      };
      const { multi_match, knn, hybrid } = body.query;
      if (hybrid) return hits(RANKINGS[queryOfText.get(hybrid.queries[0].multi_match.query)!]!.hybrid);
      if (multi_match) return hits(RANKINGS[queryOfText.get(multi_match.query)!]!.bm25);
      return hits(RANKINGS[queryOfVector.get(JSON.stringify(knn!.vector.vector))!]!.knn);
    });
    const dir = tmpDir('engine-hybrid-exp-');
    const yaml = fs
      .readFileSync(YAML, 'utf8')
      .replaceAll('http://127.0.0.1:9200', engine.url)
      .replace('corpus: test/fixtures/engine-hybrid/corpus', `corpus: ${path.join(FIXTURE, 'corpus')}`)
      .concat(`output: ${path.join(dir, 'out')}\n`);
    run = await runExperiment(parseExperimentConfig(yaml), { cacheDir: path.join(dir, 'cache') });
  }, timeBudget(120_000));
  afterAll(() => engine.close());

  it('runs end to end: the pipeline created once, every configuration asking the cluster once per query', () => {
    const puts = engine.seen.filter((r) => r.method === 'PUT');
    expect(puts).toHaveLength(1);
    expect(puts[0]!.body).toEqual({
      description: 'created by retrieval-testbed for an opensearch-hybrid leg',
      phase_results_processors: [
        { 'score-ranker-processor': { combination: { technique: 'rrf', rank_constant: 60 } } },
      ],
    });
    const searches = engine.seen.filter((r) => r.method === 'POST');
    const hybrid = searches.filter((r) => r.path.includes('?search_pipeline='));
    expect(hybrid).toHaveLength(QUERIES.length);
    expect(hybrid[0]!.path).toBe(`/docs/_search?search_pipeline=${puts[0]!.path.split('/').at(-1)}`);
    // engine-bm25, engine-knn, and ours' two legs (each a query of its own): 4 more per query. The
    // tune block fuses the runs engine-bm25 and engine-knn already have: no request of its own.
    expect(searches).toHaveLength(QUERIES.length * 5);
  });

  it('reports both rows, the metrics computed from the rankings the fake returned', () => {
    const means = (name: string) => run.report.configs.find((c) => c.name === name)!.means;
    expect(run.report.configs.map((c) => c.name)).toEqual([
      'engine-hybrid',
      'engine-bm25',
      'engine-knn',
      'ours-rrf',
      'ours-tuned',
    ]);
    expect(means('engine-hybrid')['mrr@10']).toBe(1);
    expect(means('engine-hybrid')['recall@2']).toBe(1);
    expect(means('engine-bm25')['mrr@10']).toBeCloseTo((1 / 3 + 1 / 2) / 2, 15);
    expect(means('engine-bm25')['recall@2']).toBe(0.5);
    expect(means('engine-knn')['mrr@10']).toBe(0.5);
    expect(means('engine-knn')['recall@2']).toBe(0.5);
    expect(means('ours-rrf')['mrr@10']).toBeCloseTo((1 / 2 + 1 / 3) / 2, 15);
    expect(means('ours-rrf')['recall@2']).toBe(0.5);
    const hybrid = run.report.configs.find((c) => c.name === 'engine-hybrid')!;
    expect(hybrid.kind).toBe('opensearch-hybrid');
    // A fused list is not an ANN list: no ANN recall row for the engine's hybrid.
    expect(hybrid.annRecall).toBeUndefined();
    const md = renderMarkdown(run.report);
    expect(md).toMatch(/\| `engine-hybrid` \|/);
    expect(md).toMatch(/\| `ours-rrf` \|/);
    // The report names both calls of the engine's hybrid: the pipeline it created and the search through it.
    const name = engine.seen
      .find((r) => r.method === 'PUT')!
      .path.split('/')
      .at(-1);
    expect(md).toContain(`| \`engine-hybrid\` | opensearch-hybrid | \`PUT ${engine.url}/_search/pipeline/${name}\` |`);
    expect(md).toContain(
      `| \`engine-hybrid\` | opensearch-hybrid | \`POST ${engine.url}/docs/_search?search_pipeline=${name}\` |`,
    );
  });
});
