import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Qrels } from '../../src/corpus/types.js';
import type { NamedRun } from '../../src/fusion/fuse-runs.js';
import { describeSetting } from '../../src/fusion/tune/settings-grid.js';
import { tuneFusion } from '../../src/fusion/tune/tune-fusion.js';
import { evaluate, parseMetric } from '../../src/metrics/index.js';
import { readTrecRun } from '../../src/runs/trec-run-reader.js';
import { writeRankedRun } from '../../src/runs/trec-run-writer.js';
import { tmpDir } from '../helpers/tmp.js';
import { judgementsOf } from '../../src/metrics/judgements.js';

const dir = tmpDir('testbed-tune-library-');
const mrr = parseMetric('mrr');

/**
 * Two legs that each get half the queries right. On a1..a3 leg a ranks the relevant d1 first
 * and leg b second; on b1..b3 the other way round. So with MRR each leg scores 1 on its own
 * queries and 1/2 on the other's: both legs average (3·1 + 3·½) / 6 = 3/4 over all six.
 *
 * The grid is each leg alone (settings 0 and 1, in every grid), then wsum min-max with weights
 * on a step of 1 plus equal weights, which the step misses: (1, 1), (1, 0), (0, 1). (1, 1) ties
 * d1 and d2 at 1 everywhere, and the tie goes to the higher id, d2: MRR ½ on every query. (1, 0)
 * and (0, 1) rank as a alone and b alone. With six folds of one query each (leave-one-out):
 *   holding out an a-query leaves 2 a- and 3 b-queries: a (2 + 3·½)/5 = 0.7, b (2·½ + 3)/5 = 0.8;
 *   holding out a b-query is the mirror image: a 0.8 against b 0.7.
 * With --select best, every fold picks the leg that is wrong for its own query (b alone, the
 * first at 0.8, for an a-query; a alone for a b-query), so the held-out mean is ½, though
 * either leg chosen on all six queries scores ¾ on them: that gap is the optimism
 * cross-validation keeps out of the estimate. Query x is in leg a only and not judged.
 */
const A_QUERIES = ['a1', 'a2', 'a3'];
const B_QUERIES = ['b1', 'b2', 'b3'];
const relevantFirst = [
  { id: 'd1', score: 2 },
  { id: 'd2', score: 1 },
];
const relevantSecond = [
  { id: 'd2', score: 2 },
  { id: 'd1', score: 1 },
];
const legA: NamedRun = {
  name: 'a',
  run: new Map([
    ...A_QUERIES.map((q) => [q, relevantFirst] as const),
    ...B_QUERIES.map((q) => [q, relevantSecond] as const),
    ['x', relevantFirst],
  ]),
};
const legB: NamedRun = {
  name: 'b',
  run: new Map([
    ...A_QUERIES.map((q) => [q, relevantSecond] as const),
    ...B_QUERIES.map((q) => [q, relevantFirst] as const),
  ]),
};
const qrels: Qrels = new Map([...A_QUERIES, ...B_QUERIES].map((q) => [q, new Map([['d1', 1]])]));
const grid = { methods: ['wsum'] as const, norms: ['minmax'] as const, weightSteps: 1 };

describe('tuneFusion --select best: each fold is ranked with the setting chosen on the other folds', () => {
  const result = tuneFusion([legA, legB], judgementsOf(qrels), { metric: mrr, grid, folds: 6, select: 'best' });

  it('compares each leg alone, equal weights and the two one-leg weightings, and gives every query a fold of its own', () => {
    expect(result.settings.map((s) => describeSetting(s, result.legNames))).toEqual([
      'a alone',
      'b alone',
      'wsum minmax weights a 1 b 1',
      'wsum minmax weights a 1 b 0',
      'wsum minmax weights a 0 b 1',
    ]);
    expect(result.choices.map((c) => c.queries.length)).toEqual([1, 1, 1, 1, 1, 1]);
    expect(result.choices.flatMap((c) => c.queries).sort()).toEqual([...A_QUERIES, ...B_QUERIES]);
  });

  it('an a-query gets leg b and a b-query leg a, each chosen at 0.8 on the other five and scoring ½ held out', () => {
    for (const c of result.choices) {
      const own = c.queries[0]!;
      expect(c.setting, own).toBe(A_QUERIES.includes(own) ? 1 : 0);
      expect(c.trainMean, own).toBeCloseTo(4 / 5, 12);
      expect(c.heldOutMean, own).toBe(1 / 2);
      expect(
        result.run.get(own)!.map((d) => d.id),
        own,
      ).toEqual(['d2', 'd1']);
    }
  });

  it('held out ½ against ¾ for the best leg (a, the first of two equal legs) and ½ for untuned rrf', () => {
    expect(result.heldOut).toEqual({ mean: 1 / 2, low: 1 / 2, high: 1 / 2 });
    expect(result.bestLeg.name).toBe('a');
    expect(result.bestLeg.mean).toBe(3 / 4);
    // Per query: ½ - 1 on the a-queries, ½ - ½ on the b-queries.
    expect(result.bestLeg.diff.mean).toBe((3 * (1 / 2 - 1) + 3 * 0) / 6);
    // rrf k 60, 1/1: d1 and d2 both get 1/61 + 1/62, the tie goes to the higher id, d2: MRR ½ everywhere.
    expect(result.untunedRrf.label).toBe('rrf k 60, weights 1,1');
    expect(result.untunedRrf.mean).toBe(1 / 2);
  });

  it('holds the judged queries only, in byte order; the unjudged x is counted as left out', () => {
    expect([...result.run.keys()]).toEqual([...A_QUERIES, ...B_QUERIES]);
    expect(result.queries).toEqual([...A_QUERIES, ...B_QUERIES]);
    expect(result.leftOut).toBe(1);
  });
});

/**
 * The same folds under the one-SE rules. Holding out an a-query, the best is b alone at 0.8,
 * over per-query MRRs ½, ½, 1, 1, 1: deviations -0.3 (twice) and 0.2 (three times), sample
 * variance (2·0.09 + 3·0.04) / 4 = 0.075, SE = √(0.075 / 5) = √0.015 ≈ 0.1225. a alone (0.7) is
 * within 0.8 - 0.1225, but the two legs alone are equally simple, and of equally simple
 * candidates the rule takes the higher mean: b alone again. So the rule cannot rescue this
 * adversarial fixture, and must not pretend to: every fold chooses as under best.
 */
describe('tuneFusion --select one-se (the default) and one-se-paired: equally simple candidates go to the higher mean', () => {
  const best = tuneFusion([legA, legB], judgementsOf(qrels), { metric: mrr, grid, folds: 6, select: 'best' });
  for (const select of ['one-se', 'one-se-paired'] as const)
    it(select, () => {
      const result = tuneFusion([legA, legB], judgementsOf(qrels), { metric: mrr, grid, folds: 6, select });
      expect(result.select).toBe(select);
      expect(result.choices.map((c) => c.setting)).toEqual(best.choices.map((c) => c.setting));
      for (const c of result.choices) {
        const own = c.queries[0]!;
        expect(c.best, own).toBe(A_QUERIES.includes(own) ? 1 : 0);
        expect(c.standardErrors[c.best], own).toBeCloseTo(Math.sqrt(0.075 / 5), 12);
      }
      expect(result.heldOut.mean).toBe(1 / 2);
    });
});

describe('tuneFusion: the held-out mean is what evaluating the written run gives', () => {
  // Scores that differ per query and per leg, so the default grid's settings rank differently.
  const queries = Array.from({ length: 10 }, (_, i) => `q${i}`);
  const docs = Array.from({ length: 8 }, (_, j) => `d${j}`);
  const leg = (name: string, shift: number, scale: number): NamedRun => ({
    name,
    run: new Map(
      queries.map((q, i) => [
        q,
        docs.map((_, j) => ({ id: docs[(j + shift * i) % 8]!, score: scale * (8 - j) + (i % 3) * 0.1 })),
      ]),
    ),
  });
  const legs = [leg('lex', 1, 1.5), leg('dense', 3, 0.01)];
  const judged: Qrels = new Map(
    queries.map((q, i) => [
      q,
      new Map([
        [`d${(i * 5) % 8}`, 2],
        [`d${(i + 2) % 8}`, 1],
      ]),
    ]),
  );

  for (const metric of ['ndcg@10', 'map', 'recall@3']) {
    it(metric, async () => {
      const m = parseMetric(metric);
      const result = tuneFusion(legs, judgementsOf(judged), { metric: m, folds: 5 });
      const file = path.join(dir, `${metric}.trec`);
      writeRankedRun(file, result.run, 'tuned');
      expect(result.heldOut.mean).toBe(evaluate(judgementsOf(judged), await readTrecRun(file), [m]).mean[m.label]); // exactly
    });
  }

  it('left out, every option is its default: ndcg@10, 5 folds, seed 42, the whole grid', () => {
    const result = tuneFusion(legs, judgementsOf(judged));
    expect(result.metric.label).toBe('ndcg@10');
    expect([result.folds, result.seed, result.choices.length]).toEqual([5, 42, 5]);
    expect(result).toEqual(
      tuneFusion(legs, judgementsOf(judged), { metric: parseMetric('ndcg@10'), folds: 5, seed: 42 }),
    );
  });
});
