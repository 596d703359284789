import { describe, expect, it } from 'vitest';
import { readQrels } from '../../src/corpus/read-qrels.js';
import { InputError } from '../../src/errors.js';
import { evaluate, scoreQuery } from '../../src/metrics/evaluate.js';
import { judgementsOf } from '../../src/metrics/judgements.js';
import { formatValue } from '../../src/metrics/format-value.js';
import { parseMetric, parseMetricList } from '../../src/metrics/parse-metric.js';
import { readTrecRun } from '../../src/runs/trec-run-reader.js';
import type { Run } from '../../src/runs/run.js';
import { evalFixture } from '../runs/helpers.js';
import { EXPECTED_MEAN, EXPECTED_PER_QUERY, FIXTURE_METRICS } from './fixture-expected.js';

const metrics = FIXTURE_METRICS.map(parseMetric);

async function fixtureEvaluation(threshold?: number) {
  const [qrels, run] = await Promise.all([readQrels(evalFixture('qrels.txt')), readTrecRun(evalFixture('run.txt'))]);
  return evaluate(judgementsOf(qrels, threshold), run, metrics);
}

describe('evaluate on the hand-worked TREC fixture', () => {
  it('agrees with the hand computation to 4 decimals on every metric, per query and on the mean', async () => {
    const result = await fixtureEvaluation();
    expect(result.evaluated).toEqual(['q1', 'q2', 'q3']);
    expect(result.unanswerable).toEqual(['q4']);
    expect([...result.perQuery.keys()]).toEqual(['q1', 'q2', 'q3']);
    for (const qid of result.evaluated) {
      for (const label of FIXTURE_METRICS) {
        const expected = EXPECTED_PER_QUERY[qid]![label]!;
        expect(formatValue(result.perQuery.get(qid)![label]!), `${label} ${qid}`).toBe(formatValue(expected));
        expect(result.perQuery.get(qid)![label], `${label} ${qid}`).toBeCloseTo(expected, 12);
      }
    }
    for (const label of FIXTURE_METRICS) {
      expect(formatValue(result.mean[label]!), label).toBe(formatValue(EXPECTED_MEAN[label]!));
      expect(result.mean[label], label).toBeCloseTo(EXPECTED_MEAN[label]!, 12);
    }
  });

  it('a higher threshold shrinks the relevant sets; nDCG keeps using the grades', async () => {
    // threshold 2: q1 {d1} (rank 4), q3 {d8} (not retrieved); q2 and q4 have nothing graded 2.
    const result = await fixtureEvaluation(2);
    expect(result.evaluated).toEqual(['q1', 'q3']);
    expect(result.unanswerable).toEqual(['q2', 'q4']);
    expect(result.mean.mrr).toBe((1 / 4 + 0) / 2);
    expect(result.mean['recall@5']).toBe((1 + 0) / 2);
    expect(result.mean['r-precision']).toBe(0);
    expect(result.perQuery.get('q1')!['ndcg@5']).toBe(EXPECTED_PER_QUERY.q1!['ndcg@5']);
  });
});

describe('evaluate', () => {
  const qrels = new Map([
    ['b', new Map([['x', 1]])],
    [
      'a',
      new Map([
        ['y', 2],
        ['z', 0],
      ]),
    ],
  ]);

  it('ignores run queries absent from the qrels and scores missing ones 0', () => {
    const run: Run = new Map([
      ['a', [{ id: 'y', score: 1 }]],
      ['other', [{ id: 'x', score: 1 }]],
    ]);
    const result = evaluate(judgementsOf(qrels), run, parseMetricList('mrr,hit@1'));
    expect(result.evaluated).toEqual(['a', 'b']);
    expect(result.perQuery.get('a')).toEqual({ mrr: 1, 'hit@1': 1 });
    expect(result.perQuery.get('b')).toEqual({ mrr: 0, 'hit@1': 0 });
    expect(result.mean).toEqual({ mrr: 1 / 2, 'hit@1': 1 / 2 });
    expect(result.perQuery.has('other')).toBe(false);
  });

  it('visits queries in byte order of their ids, as trec_eval sorts them', () => {
    const numeric = new Map([
      ['2', new Map([['x', 1]])],
      ['10', new Map([['x', 1]])],
    ]);
    expect(evaluate(judgementsOf(numeric), new Map(), parseMetricList('mrr')).evaluated).toEqual(['10', '2']);
  });

  it('throws an InputError when every query is unanswerable', () => {
    expect(() => evaluate(judgementsOf(qrels, 3), new Map(), parseMetricList('mrr'))).toThrow(InputError);
    expect(() => evaluate(judgementsOf(qrels, 3), new Map(), parseMetricList('mrr'))).toThrow(
      /none of the 2 qrels queries has a document graded 3 or more/,
    );
  });

  it('scoreQuery scores an in-memory ranking on every metric', () => {
    const judged = new Map([
      ['D3', 1],
      ['D7', 1],
    ]);
    const scores = scoreQuery(
      judgementsOf(new Map([['q', judged]])),
      'q',
      ['D9', 'D3', 'D5', 'D2', 'D7'],
      parseMetricList('recall@3,precision@5,mrr,hit@1,r-precision'),
    );
    expect(scores).toEqual({ 'recall@3': 1 / 2, 'precision@5': 2 / 5, mrr: 1 / 2, 'hit@1': 0, 'r-precision': 1 / 2 });
    expect(
      scoreQuery(
        judgementsOf(
          new Map([
            [
              'q',
              new Map([
                ['D3', 1],
                ['D9', 1],
              ]),
            ],
          ]),
          2,
        ),
        'q',
        ['D9', 'D3'],
        parseMetricList('hit@1'),
      ),
    ).toEqual({ 'hit@1': 0 });
  });
});
