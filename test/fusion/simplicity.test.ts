import { describe, expect, it } from 'vitest';
import { describeSetting, settingsGrid } from '../../src/fusion/tune/settings-grid.js';
import { simplicityClass, simplicityLevels } from '../../src/fusion/tune/simplicity.js';
import type { TuneSetting } from '../../src/fusion/tune/tune-setting.js';

const legs = ['bm25', 'dense', 'fts5'];
const fuse = (method: 'rrf' | 'combmnz' | 'wsum' | 'dbsf', weights: number[], rrfK = 60): TuneSetting => ({
  method,
  norm: 'zscore',
  weights,
  constants: method === 'rrf' ? { rrf_k: rrfK } : {},
});

describe('the order of simplicity', () => {
  it('leg alone < untuned rrf < rrf with another k < other methods at equal weights < unequal weights, fewer legs first', () => {
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
    expect(settings.map(simplicityClass)).toEqual([5, 5, 3, 2, 0, 1, 5, 3, 0, 5]);
    // (class, legs weighted above 0) -> level, simplest first: (0, 1) legs alone 0; (1, 3) untuned
    // rrf 1; (2, 3) rrf k 20 2; (3, 3) combmnz, dbsf 3; (5, 1) 4; (5, 2) 5; (5, 3) 6.
    expect(simplicityLevels(settings)).toEqual([5, 6, 3, 2, 0, 1, 4, 3, 0, 5]);
  });

  it('levels a whole grid: the legs alone first, then untuned rrf, rrf at another k, the other methods', () => {
    const grid = settingsGrid(
      { methods: ['rrf', 'combsum', 'wsum'], norms: ['minmax'], constants: { rrf_k: [20, 60] }, weightSteps: 2 },
      3,
    );
    const levels = simplicityLevels(grid);
    expect(new Set(levels)).toEqual(new Set(Array.from({ length: Math.max(...levels) + 1 }, (_, l) => l))); // no gaps
    const bySimplicity = grid.map((_, i) => i).sort((a, b) => levels[a]! - levels[b]! || a - b);
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

describe('the order of simplicity: a γ or σ chosen is a constant chosen, as an RRF k is', () => {
  const ones = [1, 1, 1];
  it('combgmnz at γ 0.5 and logn_isr at σ 0.01 (their defaults) are a method chosen; another γ or σ one step more', () => {
    const settings: TuneSetting[] = [
      { method: 'combgmnz', norm: 'minmax', weights: ones, constants: { gamma: 0.7 } }, //  another γ
      { method: 'combgmnz', norm: 'minmax', weights: ones, constants: { gamma: 0.5 } }, //  the default γ
      { method: 'combgmnz', norm: 'minmax', weights: ones, constants: {} }, //              γ not given: the default
      { method: 'logn_isr', norm: 'minmax', weights: ones, constants: { sigma: 0 } }, //    another σ
      { method: 'logn_isr', norm: 'minmax', weights: ones, constants: { sigma: 0.01 } }, // the default σ
      { method: 'logn_isr', norm: 'minmax', weights: [1, 0, 0], constants: { sigma: 0 } }, // weights chosen too
      { method: 'rrf', norm: 'minmax', weights: ones, constants: { rrf_k: 20 } }, //        rrf, another k
      { method: 'rrf', norm: 'minmax', weights: ones, constants: {} }, //                   untuned rrf: k 60
      { method: 'rbc', norm: 'minmax', weights: ones, constants: { phi: 0.9 } }, //          another φ
    ];
    // 1: untuned rrf; 2: rrf with another k; 3: a method at its defaults; 4: a method and a constant; 5: weights.
    expect(settings.map(simplicityClass)).toEqual([4, 3, 3, 4, 3, 5, 2, 1, 4]);
  });

  it('a grid over γ puts combgmnz at its default γ before the other γs, and all of them before the weights', () => {
    const grid = settingsGrid(
      { methods: ['combgmnz', 'wsum'], norms: ['minmax'], weightSteps: 2, constants: { gamma: [0, 0.5, 1] } },
      3,
    );
    const levels = simplicityLevels(grid);
    const bySimplicity = grid.map((_, i) => i).sort((a, b) => levels[a]! - levels[b]! || a - b);
    expect(bySimplicity.slice(3, 7).map((i) => describeSetting(grid[i]!, legs))).toEqual([
      'combgmnz minmax gamma 0.5',
      'wsum minmax weights bm25 1 dense 1 fts5 1',
      'combgmnz minmax gamma 0',
      'combgmnz minmax gamma 1',
    ]);
  });
});

describe('settingsGrid: every leg alone is a candidate, and equal weights are', () => {
  for (const methods of [['rrf'], ['combmnz'], ['dbsf', 'isr'], ['wsum', 'borda', 'combmax']] as const)
    it(`${methods.join(', ')}: 3 legs alone first, each once`, () => {
      const grid = settingsGrid({ methods, norms: ['minmax', 'sum'], constants: { rrf_k: [60] }, weightSteps: 10 }, 3);
      expect(grid.slice(0, 3)).toEqual([{ alone: 0 }, { alone: 1 }, { alone: 2 }]);
      expect(grid.filter((s) => 'alone' in s)).toHaveLength(3);
    });

  it('3 legs in tenths miss 1/3 each: equal weights 1 each come first for each weighted method; 2 legs have 0.5/0.5 already', () => {
    const three = settingsGrid({ methods: ['rrf'], norms: ['minmax'], constants: { rrf_k: [60] }, weightSteps: 10 }, 3);
    // 3 legs alone, equal weights, then the C(12, 2) = 66 points of the simplex.
    expect(three).toHaveLength(3 + 1 + 66);
    expect(three[3]).toEqual({ method: 'rrf', norm: 'minmax', weights: [1, 1, 1], constants: { rrf_k: 60 } });
    const two = settingsGrid({ methods: ['rrf'], norms: ['minmax'], constants: { rrf_k: [60] }, weightSteps: 10 }, 2);
    expect(two).toHaveLength(2 + 11);
    expect(two.filter((s) => 'weights' in s && s.weights[0] === s.weights[1])).toHaveLength(1);
  });
});
