import { describe, expect, it } from 'vitest';
import type { CellRun } from '../../src/experiments/cell-run.js';
import type { ExperimentPlan } from '../../src/experiments/plan.js';
import { scoreConfigs, type ScoredEntry } from '../../src/experiments/score-configs.js';
import { parseMetric } from '../../src/metrics/parse-metric.js';
import type { FailedQuery } from '../../src/search/failed-query.js';
import { judgementsOf } from '../../src/metrics/judgements.js';

/**
 * Ten queries, q0..q9, of which q0..q5 have a relevant document (answerable) and q6..q9 none.
 * The remote leg failed for q1, q2 (answerable) and q6, q7, q8 (not): the configuration is
 * scored over the 4 answerable others, and 2 queries failed as far as its scores go, not 5
 * (the count once said "5 failed (scored over the 4 others)", 9 queries for 6 answerable).
 */
const ids = Array.from({ length: 10 }, (_, i) => `q${i}`);
const answerable = ids.slice(0, 6);
const failedIds = ['q1', 'q2', 'q6', 'q7', 'q8'];

const plan = {
  config: { slices: [], relevance_threshold: 1, metrics: ['ndcg@10'] },
  queries: ids.map((id) => ({ id, text: id, metadata: {} })),
  judgements: judgementsOf(new Map(answerable.map((id) => [id, new Map([[`d-${id}`, 1]])]))),
  answerable: new Set(answerable),
  metrics: [parseMetric('ndcg@10')],
} as unknown as ExperimentPlan;

const failure = (queryId: string): FailedQuery => ({
  queryId,
  by: 'leg "api"',
  status: 503,
  message: `leg "api", query ${queryId}: answered 503`,
});
const run = {
  level: 'doc',
  // Each answered query ranks its relevant document first.
  rankings: Object.fromEntries(ids.filter((q) => !failedIds.includes(q)).map((q) => [q, [`d-${q}`]])),
  latencyMs: {},
  failed: failedIds.map(failure),
} as unknown as CellRun;
const entry = {
  name: 'api',
  retriever: {},
  kind: 'single',
  index: {},
  cached: {
    key: '0123456789abcdef',
    meta: {
      schemaVersion: 1,
      corpus: { contentHash: 'c' },
      chunker: 'doc',
      tokenizer: 'porter',
      embedder: null,
      build: { seconds: 0 },
      counts: { chunks: 1, truncatedChunks: 0 },
    },
    sizeBytes: 0,
    reused: true,
  },
  run,
  resumed: false,
} as unknown as ScoredEntry;

describe('a configuration with failed queries', () => {
  it('counts the answerable ones only, lists those, and is scored over the answerable others', () => {
    const [config] = scoreConfigs(plan, [entry]);
    expect(config!.failedQueries!.count).toBe(2);
    expect(config!.failedQueries!.scored).toBe(4);
    expect(config!.failedQueries!.first.map((f) => f.queryId)).toEqual(['q1', 'q2']);
    expect(Object.keys(config!.perQuery).sort()).toEqual(['q0', 'q3', 'q4', 'q5']);
    // Each scored query found its one relevant document first: nDCG@10 = 1.
    expect(config!.means['ndcg@10']).toBe(1);
  });

  it('has no failed queries when only unanswerable ones failed: nothing it is scored on is missing', () => {
    const onlyUnanswerable = { ...entry, run: { ...run, failed: ['q6', 'q9'].map(failure) } } as ScoredEntry;
    const [config] = scoreConfigs(plan, [onlyUnanswerable]);
    expect(config!.failedQueries).toBeUndefined();
  });
});
