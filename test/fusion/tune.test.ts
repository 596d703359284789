import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { crossValidate } from '../../src/fusion/tune/cross-validate.js';
import { assignFolds } from '../../src/fusion/tune/folds.js';
import { describeSetting, settingsGrid } from '../../src/fusion/tune/settings-grid.js';
import { weightGrid } from '../../src/fusion/tune/weight-grid.js';
import { createRng, randomIndex } from '../../src/stats/prng.js';

const binomial = (n: number, k: number): number => (k === 0 ? 1 : (binomial(n - 1, k - 1) * n) / k);
const seeded = (seed: number) => {
  const rng = createRng(seed);
  return (n: number) => randomIndex(rng, n);
};

describe('weightGrid', () => {
  it('2 legs, tenths: 1,0  0.9,0.1  ...  0,1', () => {
    expect(weightGrid(2, 10)).toEqual(Array.from({ length: 11 }, (_, i) => [(10 - i) / 10, i / 10]));
  });

  it('3 legs, halves: the 6 points of the simplex, first leg descending', () => {
    expect(weightGrid(3, 2)).toEqual([
      [1, 0, 0],
      [0.5, 0.5, 0],
      [0.5, 0, 0.5],
      [0, 1, 0],
      [0, 0.5, 0.5],
      [0, 0, 1],
    ]);
  });

  it('has C(steps + legs - 1, legs - 1) distinct vectors, each summing to 1', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 4 }), fc.integer({ min: 1, max: 10 }), (legs, steps) => {
        const grid = weightGrid(legs, steps);
        expect(grid).toHaveLength(binomial(steps + legs - 1, legs - 1));
        expect(new Set(grid.map((w) => w.join(','))).size).toBe(grid.length);
        for (const w of grid) expect(w.reduce((a, x) => a + x, 0)).toBeCloseTo(1, 12);
      }),
    );
  });
});

describe('settingsGrid', () => {
  it('each leg alone first, then norms for the score methods, ks for rrf, weights for the weighted methods, equal weights for comb*', () => {
    const grid = settingsGrid(
      {
        methods: ['rrf', 'combmnz', 'wsum', 'borda'],
        norms: ['minmax', 'zscore'],
        constants: { rrf_k: [10, 60] },
        weightSteps: 2,
      },
      2,
    );
    const labels = grid.map((s) => describeSetting(s, ['bm25', 'dense']));
    expect(labels).toEqual([
      'bm25 alone',
      'dense alone',
      'rrf k 10 weights bm25 1 dense 0',
      'rrf k 10 weights bm25 0.5 dense 0.5',
      'rrf k 10 weights bm25 0 dense 1',
      'rrf k 60 weights bm25 1 dense 0',
      'rrf k 60 weights bm25 0.5 dense 0.5',
      'rrf k 60 weights bm25 0 dense 1',
      'combmnz minmax',
      'combmnz zscore',
      'wsum minmax weights bm25 1 dense 0',
      'wsum minmax weights bm25 0.5 dense 0.5',
      'wsum minmax weights bm25 0 dense 1',
      'wsum zscore weights bm25 1 dense 0',
      'wsum zscore weights bm25 0.5 dense 0.5',
      'wsum zscore weights bm25 0 dense 1',
      'borda weights bm25 1 dense 0',
      'borda weights bm25 0.5 dense 0.5',
      'borda weights bm25 0 dense 1',
    ]);
    expect(grid.find((s) => 'method' in s && s.method === 'combmnz')).toMatchObject({ weights: [1, 1] });
  });
});

describe('assignFolds', () => {
  const queries = Array.from({ length: 23 }, (_, i) => `q${i}`);

  it('deals every query into exactly one fold, sizes within one of each other, in the order given', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 23 }), fc.nat(), (folds, seed) => {
        const split = assignFolds(queries, folds, seeded(seed));
        expect(split).toHaveLength(folds);
        expect(split.flat().sort()).toEqual([...queries].sort());
        const sizes = split.map((f) => f.length);
        expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThanOrEqual(1);
        for (const f of split) expect(f).toEqual(queries.filter((q) => f.includes(q)));
      }),
    );
  });

  it('the same seed gives the same folds; another seed other folds', () => {
    expect(assignFolds(queries, 5, seeded(42))).toEqual(assignFolds(queries, 5, seeded(42)));
    expect(assignFolds(queries, 5, seeded(42))).not.toEqual(assignFolds(queries, 5, seeded(43)));
  });

  it('refuses fewer than 2 folds and more folds than queries', () => {
    expect(() => assignFolds(queries, 1, seeded(1))).toThrow(/at least 2 folds, got 1/);
    expect(() => assignFolds(['a', 'b'], 3, seeded(1))).toThrow(/3 folds need at least 3 queries, got 2/);
  });
});

describe('crossValidate', () => {
  it("chooses, for each fold, the best setting on the other folds' queries: not the best on its own", () => {
    // Setting 0 is best on q1..q3, setting 1 on q4 alone.
    const table: Record<string, [number, number]> = { q1: [1, 0.6], q2: [1, 0.6], q3: [1, 0.6], q4: [0.5, 1] };
    const choices = crossValidate([['q1'], ['q2'], ['q3'], ['q4']], 2, (s, q) => table[q]![s]!);
    expect(choices.map((c) => c.setting)).toEqual([0, 0, 0, 0]);
    expect(choices[3]!.trainMean).toBe((1 + 1 + 1) / 3); // q4's fold: chosen on q1..q3 only
    expect(choices[0]!.trainMean).toBe((1 + 1 + 0.5) / 3);
  });

  it('ties go to the lower setting index', () => {
    expect(crossValidate([['a'], ['b']], 3, () => 0.5).map((c) => c.setting)).toEqual([0, 0]);
  });

  const problem = fc
    .record({
      queries: fc.integer({ min: 2, max: 12 }),
      settings: fc.integer({ min: 1, max: 6 }),
      folds: fc.integer({ min: 2, max: 12 }),
      seed: fc.nat(),
    })
    .filter((p) => p.folds <= p.queries)
    .chain((p) =>
      fc.record({
        p: fc.constant(p),
        table: fc.array(
          fc.array(
            fc.integer({ min: 0, max: 4 }).map((x) => x / 4),
            { minLength: p.queries, maxLength: p.queries },
          ),
          { minLength: p.settings, maxLength: p.settings },
        ),
      }),
    );

  it('agrees with a naive oracle: argmax over settings of the mean over the other folds, first on ties', () => {
    fc.assert(
      fc.property(problem, ({ p, table }) => {
        const queries = Array.from({ length: p.queries }, (_, i) => `q${i}`);
        const folds = assignFolds(queries, p.folds, seeded(p.seed));
        const score = (s: number, q: string) => table[s]![Number(q.slice(1))]!;
        const ours = crossValidate(folds, p.settings, score);
        folds.forEach((own, f) => {
          const train = queries.filter((q) => !own.includes(q));
          const means = table.map((_, s) => train.reduce((a, q) => a + score(s, q), 0) / train.length);
          expect(ours[f]!.setting).toBe(means.indexOf(Math.max(...means)));
          expect(ours[f]!.queries).toEqual(own);
        });
      }),
    );
  });

  it("a fold's choice never depends on its own queries' scores", () => {
    fc.assert(
      fc.property(
        problem,
        fc.array(fc.double({ min: -10, max: 10, noNaN: true }), { minLength: 12, maxLength: 12 }),
        ({ p, table }, noise) => {
          const queries = Array.from({ length: p.queries }, (_, i) => `q${i}`);
          const folds = assignFolds(queries, p.folds, seeded(p.seed));
          const score = (s: number, q: string) => table[s]![Number(q.slice(1))]!;
          const base = crossValidate(folds, p.settings, score);
          folds.forEach((own, f) => {
            // Scramble the scores of fold f's own queries only: fold f must choose the same.
            const scrambled = (s: number, q: string) =>
              own.includes(q) ? noise[(s * 7 + Number(q.slice(1))) % 12]! : score(s, q);
            expect(crossValidate(folds, p.settings, scrambled)[f]!.setting).toBe(base[f]!.setting);
          });
        },
      ),
    );
  });
});
