import { describe, expect, it } from 'vitest';
import { parseMetric } from '../../src/metrics/parse-metric.js';
import { trecName } from '../../src/metrics/trec-names.js';

describe('trecName', () => {
  it.each([
    ['ndcg@10', 'ndcg_cut_10'],
    ['precision@5', 'P_5'],
    ['recall@100', 'recall_100'],
    ['hit@10', 'success_10'],
    ['mrr', 'recip_rank'],
    ['map', 'map'],
    ['map@10', 'map_cut_10'],
    ['r-precision', 'Rprec'],
    ['bpref', 'bpref'],
  ])('names %s %s, the spelling trec_eval prints, which parses back to it', (label, trec) => {
    expect(trecName(parseMetric(label))).toBe(trec);
    expect(parseMetric(trec).label).toBe(label);
  });

  it('has none for a metric trec_eval lacks: mrr at a cutoff, judged', () => {
    expect(trecName(parseMetric('mrr@10'))).toBeUndefined();
    expect(trecName(parseMetric('judged@10'))).toBeUndefined();
  });
});
