import { describe, expect, it } from 'vitest';
import type { Qrels } from '../../src/corpus/types.js';
import { fuseLists } from '../../src/fusion/fuse-lists.js';
import type { NamedRun } from '../../src/fusion/fuse-runs.js';
import { describeSetting } from '../../src/fusion/tune/settings-grid.js';
import { tuneFusion } from '../../src/fusion/tune/tune-fusion.js';
import { tuneVerdict } from '../../src/fusion/tune/tune-verdict.js';
import { parseMetric } from '../../src/metrics/index.js';
import { judgementsOf } from '../../src/metrics/judgements.js';

const mrr = parseMetric('mrr');
const queries = Array.from({ length: 12 }, (_, i) => `q${String(i).padStart(2, '0')}`);
const qrels: Qrels = new Map(queries.map((q) => [q, new Map([['d1', 1]])]));

/**
 * Every fusion that gives the bad leg any weight hurts. On every query the good leg ranks the
 * relevant d1 (2) before d2 (1); the bad leg ranks d2 (5) before d3 (4) and misses d1.
 *   rrf, weights g, b > 0, any k >= 10: d2 gets g/(k+2) + b/(k+1), d1 g/(k+1); d2 wins when
 *     b > g/(k+2), and the smallest b of the 0.1 grid, 0.1 against g = 0.9, is above 0.9/12.
 *   combmnz over min-max: d1 1 (good) ; d2 2 · (0 + 1) = 2 (both legs, a one-item list is 1).
 * So d1 falls to rank 2 or 3 (MRR ½ or ⅓) under each of them, while rrf with weights (0, 1)
 * ranks like the good leg alone (MRR 1) and (1, 0) like the bad one (0). The bad leg comes
 * first, so choosing the good leg alone is not an accident of index 0.
 */
const bad: NamedRun = {
  name: 'bad',
  run: new Map(
    queries.map((q) => [
      q,
      [
        { id: 'd2', score: 5 },
        { id: 'd3', score: 4 },
      ],
    ]),
  ),
};
const good: NamedRun = {
  name: 'good',
  run: new Map(
    queries.map((q) => [
      q,
      [
        { id: 'd1', score: 2 },
        { id: 'd2', score: 1 },
      ],
    ]),
  ),
};
const grid = { methods: ['rrf', 'combmnz'] as const, norms: ['minmax'] as const };

describe('a fixture where every fusion hurts: the tuner returns the best leg alone', () => {
  it('the fixture is as described', () => {
    const lists = [
      { name: 'bad', items: bad.run.get('q00')! },
      { name: 'good', items: good.run.get('q00')! },
    ];
    for (const rrfK of [10, 20, 40, 60, 100])
      for (let b = 1; b <= 9; b++)
        expect(
          fuseLists(lists, { method: 'rrf', constants: { rrf_k: rrfK }, weights: [b / 10, 1 - b / 10] })[0]!.id,
          `k ${rrfK} b ${b}`,
        ).toBe('d2');
    expect(fuseLists(lists, { method: 'combmnz', norm: 'minmax' })[0]!.id).toBe('d2');
  });

  for (const select of ['one-se', 'best'] as const)
    it(`--select ${select}: every fold and the deployed setting are "good alone"; held out equals the leg on every query`, () => {
      const r = tuneFusion([bad, good], judgementsOf(qrels), { metric: mrr, grid, folds: 4, select });
      const label = (s: number) => describeSetting(r.settings[s]!, r.legNames);
      expect(r.choices.map((c) => label(c.setting))).toEqual(Array(4).fill('good alone'));
      expect(label(r.deploy.setting)).toBe('good alone');
      expect(r.heldOut.mean).toBe(1);
      expect(r.bestLeg).toMatchObject({ name: 'good', mean: 1, sameOnEveryQuery: true, p: 1 });
      for (const q of queries) expect(r.run.get(q)).toEqual(good.run.get(q));
      expect(tuneVerdict(r)).toBe(
        'Tuned fusion scores 1.0000 held out, the same as good alone on every query: keep good alone.',
      );
    });
});

/**
 * A fixture where fusion clearly helps. The relevant d0 is first in leg a and second (after a
 * junk document) in leg b on the a-queries, and the other way round on the b-queries: each leg
 * scores MRR 1 on half the queries and ½ on the other half (mean ¾), while rrf with equal
 * weights puts d0 first everywhere (1/(k+1) + 1/(k+2) against 1/(k+1)): MRR 1. With 10 a- and
 * 10 b-queries the differences against leg a are 0 (10 times) and ½ (10 times): of the 2^10
 * sign patterns of the non-zero ones, 2 reach |Σ| = 5, so the exact two-sided p is 2/1024; the
 * test draws 10,000 patterns (20 queries are too many to enumerate), so p is near it.
 */
describe('a fixture where fusion helps: significant, and untuned rrf is the simplest best', () => {
  const half = Array.from({ length: 10 }, (_, i) => `a${i}`);
  const other = Array.from({ length: 10 }, (_, i) => `b${i}`);
  const first = [
    { id: 'd0', score: 2 },
    { id: 'junk', score: 1 },
  ];
  const second = (junk: string) => [
    { id: junk, score: 2 },
    { id: 'd0', score: 1 },
  ];
  const a: NamedRun = {
    name: 'a',
    run: new Map([...half.map((q) => [q, first] as const), ...other.map((q) => [q, second('ja')] as const)]),
  };
  const b: NamedRun = {
    name: 'b',
    run: new Map([...half.map((q) => [q, second('jb')] as const), ...other.map((q) => [q, first] as const)]),
  };
  const judged: Qrels = new Map([...half, ...other].map((q) => [q, new Map([['d0', 1]])]));
  const r = tuneFusion([a, b], judgementsOf(judged), { metric: mrr, grid: { methods: ['rrf'] }, folds: 5 });

  it('every fold picks rrf k 60 with equal weights (1 on every training query, SE 0), held out 1', () => {
    for (const c of r.choices)
      expect(describeSetting(r.settings[c.setting]!, r.legNames)).toBe('rrf k 60 weights a 0.5 b 0.5');
    expect(r.heldOut.mean).toBe(1);
    expect(r.bestLeg).toMatchObject({ name: 'a', mean: 3 / 4, sameOnEveryQuery: false });
    expect(r.bestLeg.diff.mean).toBe(1 / 4);
    expect(r.bestLeg.p).toBeCloseTo(2 / 1024, 2);
  });

  it('the verdict: 0.2500 above a alone, significant, deploy', () => {
    const d = r.bestLeg.diff;
    expect(tuneVerdict(r)).toBe(
      `Tuned fusion scores 1.0000 held out, 0.2500 above a alone (95% CI [+${d.low.toFixed(4)}, +${d.high.toFixed(4)}]), significant (p = ${r.bestLeg.p.toFixed(4)}, paired randomization test): fusion helps; deploy the setting below.`,
    );
  });
});
