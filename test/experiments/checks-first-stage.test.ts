import { describe, expect, it } from 'vitest';
import { runChecks } from '../../src/experiments/checks.js';
import type { ConfigResult } from '../../src/reports/report-model.js';

/** Only what runChecks reads of a configuration. */
const reranked = {
  name: 'bm25+ce',
  means: { 'ndcg@10': 0.61 },
  slices: [{ label: 'type=conceptual', n: 4, means: { 'ndcg@10': 0.5 } }],
  firstStage: {
    reranker: 'cross-encoder',
    depth: 100,
    means: { 'first_stage.recall@100': 0.8, 'first_stage.ndcg@10': 0.55 },
    slices: [{ label: 'type=conceptual', n: 4, means: { 'first_stage.recall@100': 0.7 } }],
  },
} as unknown as ConfigResult;
const plain = { name: 'bm25', means: { 'ndcg@10': 0.55 }, slices: [] } as unknown as ConfigResult;

describe('checks on the first stage of a reranked configuration', () => {
  it('reads first_stage.* from the ranking before the rerank, overall and per slice', () => {
    const results = runChecks(
      [
        { metric: 'first_stage.recall@100', min: 0.75, config: 'bm25+ce' },
        { metric: 'first_stage.recall@100', min: 0.75, slice: 'type=conceptual', config: 'bm25+ce' },
        { metric: 'ndcg@10', min: 0.6, config: 'bm25+ce' },
      ],
      { configs: [reranked, plain] },
    );
    // 0.8 >= 0.75 passes; the conceptual slice's 0.7 does not; the after-rerank 0.61 >= 0.6 does.
    expect(results.map((r) => [r.passed, r.detail])).toEqual([
      [true, '0.8000'],
      [false, '0.7000'],
      [true, '0.6100'],
    ]);
  });

  it('says why a configuration without a rerank stage has no first-stage value', () => {
    const [result] = runChecks([{ metric: 'first_stage.recall@100', min: 0.5, config: 'bm25' }], { configs: [plain] });
    expect(result).toEqual({
      description: 'bm25: first_stage.recall@100 >= 0.5',
      passed: false,
      detail: 'no value (no rerank stage, so no first stage)',
    });
  });
});
