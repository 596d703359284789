import { describe, expect, it } from 'vitest';
import { judgedAt, parseMetric } from '../../src/metrics/index.js';

describe('judged@k', () => {
  const judged = new Map([
    ['rel', 2],
    ['zero', 0],
    ['pooled', -1],
  ]);

  it('counts any grade of 0 or more in the top k, divided by k', () => {
    // Top 4: rel (judged), x (not), zero (judged, grade 0 counts), pooled (-1: not judged) -> 2/4.
    expect(judgedAt(['rel', 'x', 'zero', 'pooled', 'y'], judged, 4, 1)).toBe(2 / 4);
    // Top 1: rel -> 1/1.
    expect(judgedAt(['rel', 'x'], judged, 1, 1)).toBe(1);
  });

  it('pads a ranking shorter than k with unjudged ranks, as P@k does', () => {
    // Two judged documents, k = 10: 2/10.
    expect(judgedAt(['rel', 'zero'], judged, 10, 1)).toBe(2 / 10);
    expect(judgedAt([], judged, 10, 1)).toBe(0);
  });

  it('ignores the relevance threshold: it is about judgements, not relevance', () => {
    expect(judgedAt(['zero', 'rel'], judged, 2, 3)).toBe(1);
  });

  it('is a metric row that needs a cutoff', () => {
    expect(parseMetric('judged@10')).toEqual({ name: 'judged', k: 10, label: 'judged@10' });
    expect(() => parseMetric('judged')).toThrow(/judged needs a cutoff/);
  });
});
