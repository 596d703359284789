import { describe, expect, it } from 'vitest';
import { InputError } from '../../src/errors.js';
import { pairedTTest } from '../../src/stats/t-test.js';
import { tukeyHsd } from '../../src/stats/tukey-hsd.js';
import { near, SCIPY } from './scipy-reference.js';

describe('tukeyHsd (two-way: systems × queries)', () => {
  it('matches the formula with scipy.stats.studentized_range: MSE, df and every p, 3 to 5 systems, 10 to 300 queries', () => {
    for (const { scores, mse, df, p } of SCIPY.tukey_two_way) {
      const result = tukeyHsd(scores);
      const label = `${scores.length} × ${scores[0]!.length}`;
      expect(result.df, label).toBe(df);
      expect(near(result.mse, mse, 1e-15, 1e-12), label).toBe(true);
      result.p.forEach((row, i) =>
        row.forEach((value, j) => expect(near(value, p[i]![j]!, 1e-10, 1e-8), `${label} [${i}][${j}]`).toBe(true)),
      );
    }
  });

  it('worked example: MSE is the interaction left after the system and query means', () => {
    // Scores 3 systems × 2 queries. System means 0.25, 0.5, 0.75; query means 0.5 and 0.5; grand 0.5.
    // Residuals e = x - system mean - query mean + 0.5: system 1 (0.5, 0) -> (0.25, -0.25),
    // system 2 (0.25, 0.75) -> (-0.25, 0.25), system 3 (0.75, 0.75) -> (0, 0).
    // MSE = 4 · 0.0625 / ((3 - 1)(2 - 1)) = 0.125 on 2 df.
    const result = tukeyHsd([
      [0.5, 0],
      [0.25, 0.75],
      [0.75, 0.75],
    ]);
    expect(result.means).toEqual([0.25, 0.5, 0.75]);
    expect(result.mse).toBeCloseTo(0.125, 15);
    expect(result.df).toBe(2);
    expect(result.p[0]![0]).toBe(1);
    expect(result.p[0]![2]).toBe(result.p[2]![0]);
  });

  it('with 2 systems it is the paired t-test: the same p', () => {
    for (const { a, b } of SCIPY.paired_t) expect(tukeyHsd([a, b]).p[0]![1]).toBeCloseTo(pairedTTest(a, b).p, 10);
  });

  it('the same difference on every query (MSE 0): p = 0 where means differ, 1 where they tie', () => {
    const result = tukeyHsd([
      [0.1, 0.5, 0.9],
      [0.2, 0.6, 1.0],
      [0.1, 0.5, 0.9],
    ]);
    expect(result.mse).toBe(0);
    expect(result.p[0]![1]).toBe(0);
    expect(result.p[0]![2]).toBe(1);
  });

  it('fewer than 2 systems or queries, or lists of different lengths, are InputErrors', () => {
    expect(() => tukeyHsd([[1, 2]])).toThrow(InputError);
    expect(() => tukeyHsd([[1], [2]])).toThrow(InputError);
    expect(() => tukeyHsd([[1, 2], [2]])).toThrow(InputError);
  });
});
