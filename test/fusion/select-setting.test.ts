import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { selectSetting } from '../../src/fusion/tune/select-setting.js';

const rows = (table: number[][]) => table.map((r) => Float64Array.from(r));

/**
 * Three settings on four training queries, simplest first (simplicity ranks 0, 1, 2):
 *   setting 0 (say a leg alone)        0.4  0.6  0.5  0.5   mean 0.5
 *   setting 1 (say untuned rrf)        0.5  0.7  0.6  0.6   mean 0.6
 *   setting 2 (say tuned weights)      0.4  0.9  0.7  0.6   mean 0.65  <- the max
 * Setting 2's deviations from 0.65: -0.25, 0.25, 0.05, -0.05; squares sum to 0.13; sample
 * variance 0.13 / 3; SE = √(0.13 / 3 / 4) = √(0.13 / 12) ≈ 0.1041. The candidates are the
 * settings with mean ≥ 0.65 - 0.1041 ≈ 0.5459: settings 1 and 2, not 0. The one-SE rule takes
 * the simpler, 1; the best rule takes 2.
 */
const worked = rows([
  [0.4, 0.6, 0.5, 0.5],
  [0.5, 0.7, 0.6, 0.6],
  [0.4, 0.9, 0.7, 0.6],
]);

describe('selectSetting', () => {
  it('one-se: a worked example where the simplest setting within one SE of the best is not the best', () => {
    const s = selectSetting(worked, 'one-se', [0, 1, 2]);
    expect(s.best).toBe(2);
    expect(s.setting).toBe(1);
    expect(s.means[2]).toBeCloseTo(0.65, 12);
    expect(s.standardErrors[2]).toBeCloseTo(Math.sqrt(0.13 / 12), 12);
    expect(s.means[1]).toBeCloseTo(0.6, 12);
  });

  it('best: the highest mean, whatever the simplicity', () => {
    expect(selectSetting(worked, 'best', [0, 1, 2]).setting).toBe(2);
  });

  it('one-se follows the simplicity ranks, not the index: with setting 2 the simplest, it is chosen', () => {
    expect(selectSetting(worked, 'one-se', [1, 2, 0]).setting).toBe(2);
    // With 0 the simplest but outside the band, the next simplest inside it wins.
    expect(selectSetting(worked, 'one-se', [0, 2, 1]).setting).toBe(2);
  });

  it('ties on the best mean go to the lowest index; equal scores everywhere give SE 0', () => {
    const flat = rows([
      [0.5, 0.5],
      [0.5, 0.5],
    ]);
    expect(selectSetting(flat, 'best', [1, 0])).toMatchObject({ setting: 0, best: 0 });
    // SE 0: the band is the best mean itself, and both settings are in it; the simpler, 1, wins.
    const s = selectSetting(flat, 'one-se', [1, 0]);
    expect(s).toMatchObject({ setting: 1, best: 0 });
    expect([...s.standardErrors]).toEqual([0, 0]);
  });

  it('one-se: among equally simple candidates the higher mean wins, not the first listed (two legs alone)', () => {
    // Setting 2 (a fusion, level 1) is the best: 0.75, deviations -0.15, 0.15, -0.05, 0.05,
    // SE = √(0.05 / 3 / 4) ≈ 0.0645, band from ≈ 0.6855. Legs a (0.69) and b (0.70) are both in
    // it and both at level 0: b, the better, is chosen though a comes first.
    const legs = rows([
      [0.6, 0.7, 0.76, 0.7],
      [0.6, 0.7, 0.8, 0.7],
      [0.6, 0.9, 0.7, 0.8],
    ]);
    const s = selectSetting(legs, 'one-se', [0, 0, 1]);
    expect(s.standardErrors[2]).toBeCloseTo(Math.sqrt(0.05 / 12), 12);
    expect(s).toMatchObject({ setting: 1, best: 2 });
    // Equal means at one level: the first listed.
    expect(
      selectSetting(
        rows([
          [0.5, 0.7],
          [0.7, 0.5],
          [0.6, 0.6],
        ]),
        'one-se',
        [0, 0, 1],
      ).setting,
    ).toBe(0);
  });

  it('one-se-paired: the SE of the difference from the best, which cancels how hard each query is', () => {
    // A leg alone (level 0) and a fusion (level 1) that is 0.1 better on every query:
    //   leg     0.2  0.4  0.6  0.8   mean 0.5
    //   fusion  0.3  0.5  0.7  0.9   mean 0.6, deviations ∓0.3, ∓0.1: SE = √(0.2 / 3 / 4) ≈ 0.1291
    // one-se: the leg is within 0.6 - 0.1291 and simpler, so it is chosen. one-se-paired: the
    // differences are -0.1 on every query, their sd 0, so the leg is 0.1 below with no noise
    // at all: not a candidate, and the fusion is kept.
    const table = rows([
      [0.2, 0.4, 0.6, 0.8],
      [0.3, 0.5, 0.7, 0.9],
    ]);
    expect(selectSetting(table, 'one-se', [0, 1]).setting).toBe(0);
    expect(selectSetting(table, 'one-se-paired', [0, 1]).setting).toBe(1);
    // A second leg whose differences from the fusion are +0.05, -0.05, -0.05, 0: mean -0.0125,
    // deviations 0.0625, -0.0375, -0.0375, 0.0125, SE = √(0.006875 / 3 / 4) ≈ 0.0239 > 0.0125:
    // within the paired band, and simpler than the fusion, so chosen.
    const withB = rows([...table.map((r) => [...r]), [0.35, 0.45, 0.65, 0.9]]);
    expect(selectSetting(withB, 'one-se-paired', [0, 1, 0]).setting).toBe(2);
  });

  it('one-se-paired: lower than the best on one query only is exactly on the edge, and counts as in the band', () => {
    // Differences 0, 0, 0, -0.7: mean -0.175; sd = √((3 · 0.175² + 0.525²) / 3) = 0.35, SE 0.175.
    const table = rows([
      [0.5, 0.5, 0.5, 0.2],
      [0.5, 0.5, 0.5, 0.9],
    ]);
    expect(selectSetting(table, 'one-se-paired', [0, 1]).setting).toBe(0);
  });

  it('one training query: no spread to estimate, SE 0, so one-se takes the best unless a simpler one ties it', () => {
    const one = rows([[0.2], [0.9], [0.9]]);
    expect(selectSetting(one, 'one-se', [0, 1, 2])).toMatchObject({ setting: 1, best: 1 });
    expect([...selectSetting(one, 'one-se', [0, 2, 1]).standardErrors]).toEqual([0, 0, 0]);
    expect(selectSetting(one, 'one-se', [0, 2, 1]).setting).toBe(2);
  });

  it('agrees with a naive oracle: the simplest setting whose mean is at least the best mean minus its SE, or the SE of its difference from the best (then the higher mean, then the first)', () => {
    const problem = fc
      .record({ settings: fc.integer({ min: 1, max: 6 }), queries: fc.integer({ min: 2, max: 8 }) })
      .chain(({ settings, queries }) =>
        fc.record({
          table: fc.array(
            fc.array(
              fc.integer({ min: 0, max: 8 }).map((x) => x / 8),
              { minLength: queries, maxLength: queries },
            ),
            { minLength: settings, maxLength: settings },
          ),
          levels: fc.array(fc.integer({ min: 0, max: 2 }), { minLength: settings, maxLength: settings }),
        }),
      );
    fc.assert(
      fc.property(problem, ({ table, levels: ranks }) => {
        const n = table[0]!.length;
        const means = table.map((r) => r.reduce((a, x) => a + x, 0) / n);
        const best = means.indexOf(Math.max(...means));
        const sd = Math.sqrt(table[best]!.reduce((a, x) => a + (x - means[best]!) ** 2, 0) / (n - 1));
        const band = means[best]! - sd / Math.sqrt(n);
        const inBand = table.map((_, s) => s).filter((s) => means[s]! >= band - 1e-12);
        const simplest = inBand.reduce((a, s) =>
          ranks[s]! < ranks[a]! || (ranks[s] === ranks[a] && means[s]! > means[a]!) ? s : a,
        );
        const chosen = selectSetting(rows(table), 'one-se', ranks);
        expect(chosen.best).toBe(best);
        expect(chosen.setting).toBe(simplest);
        // Paired: s is in the band when mean(s - best) >= -sd(s - best) / √n.
        const pairedBand = table
          .map((_, s) => s)
          .filter((s) => {
            const d = table[s]!.map((x, i) => x - table[best]![i]!);
            const m = d.reduce((a, x) => a + x, 0) / n;
            const sdd = Math.sqrt(d.reduce((a, x) => a + (x - m) ** 2, 0) / (n - 1));
            return m >= -sdd / Math.sqrt(n) - 1e-12;
          });
        const pairedSimplest = pairedBand.reduce((a, s) =>
          ranks[s]! < ranks[a]! || (ranks[s] === ranks[a] && means[s]! > means[a]!) ? s : a,
        );
        expect(selectSetting(rows(table), 'one-se-paired', ranks).setting).toBe(pairedSimplest);
      }),
    );
  });
});
