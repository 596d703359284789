import { describe, expect, it } from 'vitest';
import { judgedAt, parseMetric } from '../../src/metrics/index.js';
import { documentRanking } from '../../src/runs/document-ranking.js';

describe('judged@k', () => {
  const judged = new Map([
    ['rel', 2],
    ['zero', 0],
    ['pooled', -1],
  ]);

  it('counts any grade of 0 or more among the documents of the top k', () => {
    // Top 4: rel (judged), x (not), zero (judged, grade 0 counts), pooled (-1: not judged) -> 2/4.
    expect(judgedAt(['rel', 'x', 'zero', 'pooled', 'y'], judged, 4, 1)).toBe(2 / 4);
    // Top 1: rel -> 1/1.
    expect(judgedAt(['rel', 'x'], judged, 1, 1)).toBe(1);
  });

  it('divides by the documents there: a ranking shorter than k has no holes in the ranks it leaves empty', () => {
    // Three documents, two judged, k = 10: 2/3, not 2/10.
    expect(judgedAt(['rel', 'zero', 'x'], judged, 10, 1)).toBe(2 / 3);
    // No document retrieved: nothing to judge.
    expect(judgedAt([], judged, 10, 1)).toBe(1);
  });

  it('at chunk level skips the blanked repeats of a document', () => {
    // rel#0, rel#1, x#0 read as rel, (blank), x: two documents, one judged.
    const ranking = documentRanking(['rel#0', 'rel#1', 'x#0'], 'chunk');
    expect(judgedAt(ranking, judged, 3, 1)).toBe(1 / 2);
  });

  it('ignores the relevance threshold: it is about judgements, not relevance', () => {
    expect(judgedAt(['zero', 'rel'], judged, 2, 3)).toBe(1);
  });

  it('is a metric row that needs a cutoff', () => {
    expect(parseMetric('judged@10')).toEqual({ name: 'judged', k: 10, label: 'judged@10' });
    expect(() => parseMetric('judged')).toThrow(/judged needs a cutoff/);
  });
});
