import { describe, expect, it } from 'vitest';
import { annLeg, annRecallAt } from '../../src/experiments/ann-recall.js';
import { parsePipeline } from '../../src/pipeline/resolve-pipeline.js';

describe('ann_recall@k', () => {
  it('is |remote top k ∩ exact top k| / |exact top k|, whatever the order inside the top k', () => {
    // Exact top 4: a b c d. Remote top 4: d x a b -> a, b, d found: 3 / 4.
    expect(annRecallAt(['d', 'x', 'a', 'b', 'c'], ['a', 'b', 'c', 'd', 'e'], 4)).toBe(3 / 4);
    // At k 2: exact a b, remote d x: 0 / 2.
    expect(annRecallAt(['d', 'x', 'a', 'b'], ['a', 'b', 'c'], 2)).toBe(0);
    // An exact list shorter than k (a filter that passes two documents) is the denominator.
    expect(annRecallAt(['a', 'z', 'b'], ['a', 'b'], 10)).toBe(1);
    // Nothing to recall: not a number to average.
    expect(annRecallAt(['a'], [], 5)).toBeUndefined();
  });

  it('is measured for one remote leg that sends our vector, not for bm25 legs, local legs, fusions or a server-side body', () => {
    const one = (leg: Record<string, unknown>) => annLeg(parsePipeline({ legs: [leg] }))?.name;
    const url = 'http://127.0.0.1:9';
    expect(one({ type: 'qdrant', url, collection: 'c' })).toBe('qdrant');
    expect(one({ type: 'opensearch', url, index: 'i', query: 'knn' })).toBe('opensearch');
    expect(one({ type: 'elasticsearch', url, index: 'i', query: 'knn', name: 'es' })).toBe('es');
    expect(
      one({
        type: 'elasticsearch',
        url,
        index: 'i',
        body: { knn: { field: 'v', query_vector: '{{vector}}', k: '{{k}}' } },
      }),
    ).toBe('elasticsearch');
    expect(one({ type: 'opensearch', url, index: 'i' })).toBeUndefined();
    expect(one({ type: 'qdrant', url, collection: 'c', body: { query: { text: '{{query}}' } } })).toBeUndefined();
    expect(one({ type: 'dense' })).toBeUndefined();
    expect(
      annLeg(parsePipeline({ legs: [{ type: 'qdrant', url, collection: 'c' }, { type: 'dense' }] })),
    ).toBeUndefined();
  });
});
