import { describe, expect, it } from 'vitest';
import { InputError } from '../../src/errors.js';
import { DEFAULT_METRICS, parseMetric, parseMetricList, parseMetricLists } from '../../src/metrics/parse-metric.js';

describe('parseMetric', () => {
  it('reads a name with or without a cutoff', () => {
    expect(parseMetric('ndcg@10')).toEqual({ name: 'ndcg', k: 10, label: 'ndcg@10' });
    expect(parseMetric('mrr')).toEqual({ name: 'mrr', k: undefined, label: 'mrr' });
    expect(parseMetric('mrr@5')).toEqual({ name: 'mrr', k: 5, label: 'mrr@5' });
    expect(parseMetric('map@100')).toEqual({ name: 'map', k: 100, label: 'map@100' });
    expect(parseMetric('r-precision')).toEqual({ name: 'r-precision', k: undefined, label: 'r-precision' });
    expect(parseMetric(' Hit@1 ')).toEqual({ name: 'hit', k: 1, label: 'hit@1' });
  });

  it('labels spellings from ranx, ir_measures and trec_eval with our name', () => {
    expect(parseMetric('P@10').label).toBe('precision@10');
    expect(parseMetric('R@100').label).toBe('recall@100');
    expect(parseMetric('nDCG@10').label).toBe('ndcg@10');
    expect(parseMetric('hit_rate@5').label).toBe('hit@5');
    expect(parseMetric('Success@5').label).toBe('hit@5');
    expect(parseMetric('RR').label).toBe('mrr');
    expect(parseMetric('recip_rank').label).toBe('mrr');
    expect(parseMetric('AP').label).toBe('map');
    expect(parseMetric('Rprec').label).toBe('r-precision');
  });

  it("reads trec_eval's measure names, any case, and its parameterised P.5 form", () => {
    expect(parseMetric('ndcg_cut_10')).toEqual({ name: 'ndcg', k: 10, label: 'ndcg@10' });
    expect(parseMetric('P_5').label).toBe('precision@5');
    expect(parseMetric('recall_100').label).toBe('recall@100');
    expect(parseMetric('success_10').label).toBe('hit@10');
    expect(parseMetric('map_cut_20').label).toBe('map@20');
    expect(parseMetric('map').label).toBe('map');
    expect(parseMetric('bpref').label).toBe('bpref');
    expect(parseMetric('ndcg_cut.10').label).toBe('ndcg@10');
    expect(parseMetric('P.5').label).toBe('precision@5');
  });

  it.each([
    ['bleu@4', /unknown metric: "bleu@4"/],
    ['ndcg', /ndcg needs a cutoff, e\.g\. ndcg@10/],
    ['recall', /recall needs a cutoff/],
    ['r-precision@5', /r-precision takes no cutoff/],
    ['ndcg@0', /cutoff must be a whole number from 1/],
    ['ndcg@-1', /unknown metric/],
    ['ndcg@1.5', /unknown metric/],
    ['ndcg_cut_0', /cutoff must be a whole number from 1/],
    ['Rprec_5', /unknown metric/],
    ['P_', /unknown metric/],
    ['', /unknown metric/],
  ])('rejects %j, listing the valid names', (text, reason) => {
    let error: unknown;
    try {
      parseMetric(text);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(InputError);
    expect((error as InputError).message).toMatch(reason);
    expect((error as InputError).message).toContain(
      'valid metrics: hit@K, recall@K, precision@K, mrr, mrr@K, ndcg@K, map, map@K, r-precision',
    );
  });
});

describe('parseMetricList', () => {
  it("reads trec_eval's P.5,10 as P_5 and P_10: a bare number continues the measure before it", () => {
    expect(parseMetricList('P.5,10,ndcg_cut.10,recip_rank').map((m) => m.label)).toEqual([
      'precision@5',
      'precision@10',
      'ndcg@10',
      'mrr',
    ]);
    expect(() => parseMetricList('ndcg@10,10')).toThrow(/unknown metric: "10"/);
  });

  it('merges repeated lists (-m a -m b), each metric once, in first position', () => {
    expect(parseMetricLists(['ndcg_cut_10', 'P_5,ndcg@10', 'recip_rank']).map((m) => m.label)).toEqual([
      'ndcg@10',
      'precision@5',
      'mrr',
    ]);
  });

  it("expands all_trec to trec_eval's measures the testbed computes", () => {
    const labels = parseMetricList('all_trec').map((m) => m.label);
    expect(labels.slice(0, 5)).toEqual(['map', 'r-precision', 'bpref', 'mrr', 'precision@5']);
    expect(labels).toContain('ndcg@1000');
    expect(labels).toContain('map@30');
    expect(labels.at(-1)).toBe('hit@10');
  });

  it('parses the defaults in order', () => {
    expect(parseMetricList(DEFAULT_METRICS).map((m) => m.label)).toEqual([
      'ndcg@10',
      'recall@100',
      'hit@10',
      'mrr',
      'map',
      'precision@10',
      'r-precision',
    ]);
  });

  it('keeps a metric asked for twice once, at its first place, and skips empty items', () => {
    expect(parseMetricList('mrr, P@5,,precision@5,RR').map((m) => m.label)).toEqual(['mrr', 'precision@5']);
  });

  it('rejects an empty list and any bad item', () => {
    expect(() => parseMetricList(' , ')).toThrow(/no metric given/);
    expect(() => parseMetricList('mrr,ndgc@10')).toThrow(/unknown metric: "ndgc@10"/);
  });
});
