import { describe, expect, it } from 'vitest';
import { InputError } from '../../src/errors.js';
import { bonferroniAdjust, CORRECTIONS, holmAdjust } from '../../src/stats/multiple-comparisons.js';
import { SCIPY } from './scipy-reference.js';

describe('multiple-comparison corrections', () => {
  it('Holm and Bonferroni match the reference script (Holm written out by its formula there)', () => {
    for (const { p, holm, bonferroni } of SCIPY.corrections) {
      expect(holmAdjust(p).map((x, i) => x - holm[i]!)).toEqual(p.map(() => expect.closeTo(0, 15)));
      expect(bonferroniAdjust(p).map((x, i) => x - bonferroni[i]!)).toEqual(p.map(() => expect.closeTo(0, 15)));
    }
  });

  it('worked Holm example: p = 0.01, 0.04, 0.03, 0.005 for 4 tests', () => {
    // Sorted: 0.005·4 = 0.02, 0.01·3 = 0.03, 0.03·2 = 0.06, 0.04·1 = 0.04 -> running max 0.06.
    const adjusted = holmAdjust([0.01, 0.04, 0.03, 0.005]);
    expect(adjusted).toEqual([expect.closeTo(0.03, 15), 0.06, 0.06, 0.02]);
    // Bonferroni multiplies every p by 4: 0.04 and 0.02 stay below 0.05, Holm keeps those two as well.
    expect(bonferroniAdjust([0.01, 0.04, 0.03, 0.005])).toEqual([0.04, 0.16, expect.closeTo(0.12, 15), 0.02]);
  });

  it('Holm is never above Bonferroni, never below the raw p, and none leaves p as it is', () => {
    const p = [0.001, 0.2, 0.04, 0.04, 0.6, 0.012];
    const holm = holmAdjust(p);
    const bonferroni = bonferroniAdjust(p);
    p.forEach((x, i) => {
      expect(holm[i]).toBeGreaterThanOrEqual(x);
      expect(holm[i]).toBeLessThanOrEqual(bonferroni[i]!);
    });
    expect(CORRECTIONS.none(p)).toEqual(p);
    expect(holm[2]).toBe(holm[3]); // tied p-values, tied adjusted values
  });

  it('caps at 1 and refuses a p outside [0, 1]', () => {
    expect(bonferroniAdjust([0.5, 0.9])).toEqual([1, 1]);
    expect(() => holmAdjust([0.5, 1.2])).toThrow(InputError);
    expect(() => bonferroniAdjust([Number.NaN])).toThrow(InputError);
  });
});
