import { describe, expect, it } from 'vitest';
import { describeSetting, settingsGrid } from '../../src/fusion/tune/settings-grid.js';
import { simplicityClass, simplicityRanks } from '../../src/fusion/tune/simplicity.js';
import type { TuneSetting } from '../../src/fusion/tune/tune-setting.js';

const legs = ['bm25', 'dense', 'fts5'];
const fuse = (method: 'rrf' | 'combmnz' | 'wsum' | 'dbsf', weights: number[], rrfK = 60): TuneSetting => ({
  method,
  norm: 'zscore',
  rrfK,
  weights,
});

describe('the order of simplicity', () => {
  it('leg alone < untuned rrf < rrf with another k < other methods at equal weights < unequal weights, fewer legs first, then grid order', () => {
    // Listed in an order that is not the simplicity order; expected ranks written out below.
    const settings: TuneSetting[] = [
      fuse('wsum', [0.5, 0.5, 0]), //                 0: unequal, 2 legs weighted
      fuse('rrf', [0.4, 0.3, 0.3], 10), //            1: unequal, 3 legs
      fuse('combmnz', [1, 1, 1]), //                  2: other method, equal weights
      fuse('rrf', [1, 1, 1], 20), //                  3: rrf, another k
      { alone: 1 }, //                                4: a leg alone
      fuse('rrf', [1, 1, 1]), //                      5: untuned rrf
      fuse('wsum', [0, 1, 0]), //                     6: unequal, 1 leg weighted
      fuse('dbsf', [1, 1, 1]), //                     7: other method, equal weights, after 2 in the grid
      { alone: 0 }, //                                8: a leg alone, after 4 in the grid
      fuse('rrf', [0.5, 0.5, 0], 60), //              9: unequal (a leg at 0), 2 legs, after 0
    ];
    expect(settings.map(simplicityClass)).toEqual([4, 4, 3, 2, 0, 1, 4, 3, 0, 4]);
    // Simplest first: 4, 8 (legs alone, grid order), 5, 3, 2, 7, 6 (1 leg), 0, 9 (2 legs), 1 (3 legs).
    const order = [4, 8, 5, 3, 2, 7, 6, 0, 9, 1];
    const ranks = simplicityRanks(settings);
    expect(order.map((s) => ranks[s])).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it('ranks a whole default grid: the legs alone first, then untuned rrf, each rank once', () => {
    const grid = settingsGrid(
      { methods: ['rrf', 'combsum', 'wsum'], norms: ['minmax'], rrfKs: [20, 60], weightSteps: 2 },
      3,
    );
    const ranks = simplicityRanks(grid);
    expect([...ranks].sort((a, b) => a - b)).toEqual(grid.map((_, i) => i));
    const bySimplicity = grid.map((_, i) => i).sort((a, b) => ranks[a]! - ranks[b]!);
    expect(bySimplicity.slice(0, 7).map((i) => describeSetting(grid[i]!, legs))).toEqual([
      'bm25 alone',
      'dense alone',
      'fts5 alone',
      'rrf k 60 weights bm25 1 dense 1 fts5 1',
      'rrf k 20 weights bm25 1 dense 1 fts5 1',
      'combsum minmax',
      'wsum minmax weights bm25 1 dense 1 fts5 1',
    ]);
  });
});

describe('settingsGrid: every leg alone is a candidate, and equal weights are', () => {
  for (const methods of [['rrf'], ['combmnz'], ['dbsf', 'isr'], ['wsum', 'borda', 'combmax']] as const)
    it(`${methods.join(', ')}: 3 legs alone first, each once`, () => {
      const grid = settingsGrid({ methods, norms: ['minmax', 'sum'], rrfKs: [60], weightSteps: 10 }, 3);
      expect(grid.slice(0, 3)).toEqual([{ alone: 0 }, { alone: 1 }, { alone: 2 }]);
      expect(grid.filter((s) => 'alone' in s)).toHaveLength(3);
    });

  it('3 legs in tenths miss 1/3 each: equal weights 1 each come first for each weighted method; 2 legs have 0.5/0.5 already', () => {
    const three = settingsGrid({ methods: ['rrf'], norms: ['minmax'], rrfKs: [60], weightSteps: 10 }, 3);
    // 3 legs alone, equal weights, then the C(12, 2) = 66 points of the simplex.
    expect(three).toHaveLength(3 + 1 + 66);
    expect(three[3]).toEqual({ method: 'rrf', norm: 'minmax', rrfK: 60, weights: [1, 1, 1] });
    const two = settingsGrid({ methods: ['rrf'], norms: ['minmax'], rrfKs: [60], weightSteps: 10 }, 2);
    expect(two).toHaveLength(2 + 11);
    expect(two.filter((s) => 'weights' in s && s.weights[0] === s.weights[1])).toHaveLength(1);
  });
});
