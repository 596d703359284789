import { describe, expect, it } from 'vitest';
import { fusionMethodNames, registerFusionMethod } from '../../src/fusion/method-registry.js';
import { METHOD_TABLE } from '../../src/fusion/method-table.js';
import { normNames } from '../../src/fusion/norm-registry.js';
import { DEFAULT_GRID, settingsGrid } from '../../src/fusion/tune/settings-grid.js';
import { isTrained } from '../../src/fusion/tune/tune-setting.js';

describe("the tuner's default grid", () => {
  it('holds every method and norm but those whose row says tunedByDefault: false', () => {
    const out = ['log_isr', 'logn_isr', 'rbc', 'condorcet', 'w_condorcet', 'combgmnz', 'wmnz'];
    expect(DEFAULT_GRID.methods).toEqual(fusionMethodNames().filter((m) => !out.includes(m)));
    // The inverted min-max is for distances: on ordinary runs it ranks the worst first.
    expect(DEFAULT_GRID.norms).toEqual(normNames().filter((n) => n !== 'minmax_inverted' && n !== 'borda'));
  });

  it('is the grid the published figures were measured with: 904 settings for 3 legs, 175 for 2', () => {
    const methods = 'rrf isr borda combsum combmnz combmax combmin combmed combanz wsum dbsf';
    expect(DEFAULT_GRID.methods).toEqual(methods.split(' '));
    expect(DEFAULT_GRID.norms).toEqual(['minmax', 'zscore', 'max', 'sum', 'rank']);
    // Each leg alone; rrf: 5 ks × W weight vectors; isr, borda, dbsf: W each; combsum, combmnz,
    // combmax, combmin, combmed, combanz: 5 norms each; wsum: 5 norms × W. W = the simplex points
    // in tenths, C(10 + legs - 1, legs - 1), plus equal weights 1 each when they are not among them.
    const size = (legs: number, w: number) => legs + 5 * w + 3 * w + 6 * 5 + 5 * w;
    expect(settingsGrid(DEFAULT_GRID, 3)).toHaveLength(size(3, 66 + 1));
    expect(size(3, 67)).toBe(904);
    expect(settingsGrid(DEFAULT_GRID, 2)).toHaveLength(size(2, 11));
    expect(size(2, 11)).toBe(175);
  });

  it('a method out of the default grid is still searched when named', () => {
    const grid = settingsGrid({ ...DEFAULT_GRID, methods: ['condorcet'] }, 2);
    expect(grid.filter((s) => 'method' in s && s.method === 'condorcet').length).toBeGreaterThan(0);
  });

  it('a method registered at run time is in the default grid unless its row says otherwise', () => {
    const base = METHOD_TABLE.find((m) => m.name === 'combsum')!;
    const removeIn = registerFusionMethod({ ...base, name: 'test-in' });
    const removeOut = registerFusionMethod({ ...base, name: 'test-out', tunedByDefault: false });
    try {
      expect(DEFAULT_GRID.methods).toContain('test-in');
      expect(DEFAULT_GRID.methods).not.toContain('test-out');
    } finally {
      removeIn();
      removeOut();
    }
  });

  it('holds no trained method: its size is what it was before they were tunable, and naming one only appends', () => {
    // 2 legs: 2 alone; rrf 5 ks × 11 weights; isr, borda, dbsf 11 weights each; 6 comb* × 5 norms;
    // wsum 5 norms × 11 weights. 3 legs: 3 alone; 66 weights + equal 1s = 67 per weighted setting.
    expect(settingsGrid(DEFAULT_GRID, 2)).toHaveLength(2 + 5 * 11 + 3 * 11 + 6 * 5 + 5 * 11); // 175
    expect(settingsGrid(DEFAULT_GRID, 3)).toHaveLength(3 + 5 * 67 + 3 * 67 + 6 * 5 + 5 * 67); // 904, method-table.ts
    for (const legs of [2, 3]) {
      const grid = settingsGrid(DEFAULT_GRID, legs);
      expect(grid.some(isTrained)).toBe(false);
      const withTrained = settingsGrid(
        { ...DEFAULT_GRID, trained: ['slidefuse', 'mapfuse'], slidefuseWindows: [1, 4] },
        legs,
      );
      expect(withTrained.slice(0, grid.length)).toEqual(grid);
      const ones = Array.from({ length: legs }, () => 1);
      expect(withTrained.slice(grid.length)).toEqual([
        { trained: 'slidefuse', parameter: 1, weights: ones },
        { trained: 'slidefuse', parameter: 4, weights: ones },
        { trained: 'mapfuse', weights: ones },
      ]);
    }
  });
});
