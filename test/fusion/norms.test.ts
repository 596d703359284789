import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fuseLists } from '../../src/fusion/fuse-lists.js';
import { normRow, normRows } from '../../src/fusion/norm-registry.js';
import type { NormName } from '../../src/fusion/norm-table.js';
import { normaliseLegs } from '../../src/fusion/normalise-legs.js';
import { maxNorm } from '../../src/fusion/norms/max.js';
import { bordaNorm } from '../../src/fusion/norms/borda.js';
import { minMaxNorm } from '../../src/fusion/norms/min-max.js';
import { minMaxInvertedNorm } from '../../src/fusion/norms/min-max-inverted.js';
import { rankNorm } from '../../src/fusion/norms/rank.js';
import { sumNorm } from '../../src/fusion/norms/sum.js';
import { zScoreNorm } from '../../src/fusion/norms/z-score.js';
import { threeSigmaNorm } from '../../src/fusion/methods/dbsf.js';
import { ranked } from './n-leg-lists.js';

const close = (actual: number[], expected: number[]) => {
  expect(actual).toHaveLength(expected.length);
  actual.forEach((a, i) => expect(a).toBeCloseTo(expected[i]!, 12));
};

describe('normalisations, on the list 10, 6, 2', () => {
  it('min-max: (s - min) / (max - min)', () => {
    expect(minMaxNorm([10, 6, 2])).toEqual([(10 - 2) / (10 - 2), (6 - 2) / (10 - 2), (2 - 2) / (10 - 2)]);
  });

  it('z-score: (s - mean) / population sd, mean 6, sd = sqrt((16 + 0 + 16) / 3)', () => {
    const sd = Math.sqrt((4 ** 2 + 0 + 4 ** 2) / 3);
    close(zScoreNorm([10, 6, 2]), [4 / sd, 0, -4 / sd]);
  });

  it('max: s / max', () => {
    close(maxNorm([10, 6, 2]), [10 / 10, 6 / 10, 2 / 10]);
  });

  it('sum: (s - min) / Σ (s - min), so the list sums to 1', () => {
    // shifted: 8, 4, 0; total 12
    close(sumNorm([10, 6, 2]), [8 / 12, 4 / 12, 0 / 12]);
  });

  it('min-max inverted, for distances: (max - s) / (max - min), the smallest score 1', () => {
    expect(minMaxInvertedNorm([10, 6, 2])).toEqual([(10 - 10) / (10 - 2), (10 - 6) / (10 - 2), (10 - 2) / (10 - 2)]);
  });

  it('rank: 1 - (r - 1) / n, whatever the scores', () => {
    close(rankNorm([10, 6, 2]), [1 - 0 / 3, 1 - 1 / 3, 1 - 2 / 3]);
    close(rankNorm([5, 5, 5]), [1, 2 / 3, 1 / 3]);
  });

  it("dbsf's 3-sigma: (s - lo) / (hi - lo), lo/hi = mean ∓ 3 sample sd (mean 6, sd sqrt(32 / 2) = 4)", () => {
    // lo = 6 - 12 = -6, hi = 6 + 12 = 18
    close(threeSigmaNorm([10, 6, 2]), [(10 + 6) / 24, (6 + 6) / 24, (2 + 6) / 24]);
  });

  it('3-sigma does not clamp: a score beyond 3 sd maps above 1, as in Qdrant', () => {
    // 20 scores of 0 and one of 100: mean 100/21, sample sd = sqrt((20 (100/21)² + (2000/21)²) / 20)
    const scores = [100, ...Array.from({ length: 20 }, () => 0)];
    const mean = 100 / 21;
    const sd = Math.sqrt((20 * mean ** 2 + (100 - mean) ** 2) / 20);
    const top = threeSigmaNorm(scores)[0]!;
    expect(top).toBeCloseTo((100 - (mean - 3 * sd)) / (6 * sd), 12);
    expect(top).toBeGreaterThan(1);
  });
});

describe('normalisations on zero-variance, single and empty lists', () => {
  it('all-equal scores: min-max 1, z-score 0, max 1 (positive), sum 1/n, 3-sigma 0.5', () => {
    expect(minMaxNorm([4, 4, 4])).toEqual([1, 1, 1]);
    expect(minMaxInvertedNorm([4, 4, 4])).toEqual([1, 1, 1]);
    expect(zScoreNorm([4, 4, 4])).toEqual([0, 0, 0]);
    expect(maxNorm([4, 4, 4])).toEqual([1, 1, 1]);
    expect(sumNorm([4, 4, 4])).toEqual([1 / 3, 1 / 3, 1 / 3]);
    expect(threeSigmaNorm([4, 4, 4])).toEqual([0.5, 0.5, 0.5]);
  });

  it('a single item: as all-equal (rank gives 1)', () => {
    expect(minMaxNorm([-7])).toEqual([1]);
    expect(zScoreNorm([-7])).toEqual([0]);
    expect(sumNorm([-7])).toEqual([1]);
    expect(rankNorm([-7])).toEqual([1]);
    expect(threeSigmaNorm([-7])).toEqual([0.5]);
  });

  it('max leaves a list with no positive score as it is (nothing to divide by)', () => {
    expect(maxNorm([-1, -3])).toEqual([-1, -3]);
    expect(maxNorm([0, -2])).toEqual([0, -2]);
  });

  it('an empty list normalises to an empty list under every normalisation', () => {
    for (const row of normRows()) {
      if (row.normalise) expect(row.normalise([]), row.name).toEqual([]);
      else expect(row.normaliseQuery([{ name: 'L', weight: 1, ids: [], scores: [] }])[0]?.scores, row.name).toEqual([]);
    }
    expect(threeSigmaNorm([])).toEqual([]);
  });

  it('z-score keeps the digits of close large scores (shifted before summing)', () => {
    const z = zScoreNorm([-999999.99988, -999999.99989]);
    close(z, [1, -1]);
  });
});

describe('normalisation properties', () => {
  const desc = fc
    .array(
      fc.integer({ min: -1000, max: 1000 }).map((n) => n / 8),
      { maxLength: 12 },
    )
    .map((xs) => xs.sort((a, b) => b - a));

  it('every normalisation but minmax_inverted keeps a best-first list best first (never raises a later item above an earlier one)', () => {
    fc.assert(
      fc.property(desc, (scores) => {
        for (const { name, normalise } of normRows().filter((r) => r.name !== 'minmax_inverted')) {
          if (!normalise) continue; // borda reads all the lists: its order is pinned below
          const n = normalise(scores);
          for (let i = 1; i < n.length; i++) expect(n[i]!, name).toBeLessThanOrEqual(n[i - 1]!);
        }
        const t = threeSigmaNorm(scores);
        for (let i = 1; i < t.length; i++) expect(t[i]!).toBeLessThanOrEqual(t[i - 1]!);
      }),
    );
  });

  it('minmax_inverted turns a list upside down: 1 - min-max where the scores differ, 1 where they do not', () => {
    fc.assert(
      fc.property(desc, (scores) => {
        const spread = scores.length > 0 && scores[0] !== scores[scores.length - 1];
        const expected = minMaxNorm(scores).map((v) => (spread ? 1 - v : 1));
        close(minMaxInvertedNorm(scores), expected);
      }),
    );
  });

  it('min-max and rank stay in [0, 1]; sum adds up to 1; z-score has mean 0', () => {
    fc.assert(
      fc.property(
        desc.filter((s) => s.length > 0),
        (scores) => {
          for (const v of [...minMaxNorm(scores), ...rankNorm(scores)]) expect(v >= 0 && v <= 1).toBe(true);
          expect(sumNorm(scores).reduce((a, v) => a + v, 0)).toBeCloseTo(1, 9);
          expect(zScoreNorm(scores).reduce((a, v) => a + v, 0) / scores.length).toBeCloseTo(0, 9);
        },
      ),
    );
  });
});

describe('borda normalisation (across the lists)', () => {
  const leg = (name: string, ...ids: string[]) => ({ name, weight: 1, ids, scores: ids.map(() => 0) });
  const byId = (l: { ids: readonly string[]; scores: readonly number[] }) =>
    Object.fromEntries(l.ids.map((id, i) => [id, l.scores[i]]));

  it("ranx's example: (C - rank + 1) / C where ranked, (C - n + 1) / (2C) where not, C = 3 candidates", () => {
    // q1 of ranx's borda_norm test: r1 ranks d3 d2 d1, r2 d1 d2, r3 d3 alone.
    const [r1, r2, r3] = bordaNorm([leg('r1', 'd3', 'd2', 'd1'), leg('r2', 'd1', 'd2'), leg('r3', 'd3')]);
    expect(byId(r1!)).toEqual({ d3: 3 / 3, d2: 2 / 3, d1: 1 / 3 });
    expect(byId(r2!)).toEqual({ d1: 3 / 3, d2: 2 / 3, d3: (3 - 2 + 1) / (2 * 3) });
    expect(byId(r3!)).toEqual({ d3: 3 / 3, d1: (3 - 1 + 1) / (2 * 3), d2: (3 - 1 + 1) / (2 * 3) });
    // Every leg now holds every candidate: the missing ones after its own, in byte order.
    expect(r3!.ids).toEqual(['d3', 'd1', 'd2']);
    expect(r1!.name).toBe('r1');
  });

  it("agrees with the Borda count: its scores are each list's Borda points divided by C (random lists)", () => {
    const ids = fc.uniqueArray(fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f', 'g'), { maxLength: 7 });
    fc.assert(
      fc.property(fc.array(ids, { minLength: 1, maxLength: 4 }), (lists) => {
        const legs = lists.map((l, i) => leg(`L${i}`, ...l));
        const candidates = new Set(lists.flat());
        const c = candidates.size;
        bordaNorm(legs).forEach((normed, i) => {
          const own = lists[i]!;
          const expected: Record<string, number> = {};
          for (const id of candidates) {
            const rank = own.indexOf(id) + 1;
            expected[id] = (rank > 0 ? c - rank + 1 : (c - own.length + 1) / 2) / c;
          }
          expect(byId(normed)).toEqual(expected);
          // Still best first: the missing candidates come after the list's own, at or below its last.
          for (let j = 1; j < normed.scores.length; j++)
            expect(normed.scores[j]!).toBeLessThanOrEqual(normed.scores[j - 1]!);
        });
      }),
    );
  });
});

describe('the borda row of the normalisation table (reads all the lists of the query)', () => {
  // A ranks a1 a2 a3, B ranks b1 b2: different lengths, no document in common, so C = 3 + 2 = 5.
  // Ranked: (C - rank + 1) / C. Absent: (C - n + 1) / (2C), n the list's own length.
  const A = ranked('A', ['a1', 30], ['a2', 20], ['a3', 10]);
  const B = ranked('B', ['b1', 0.9], ['b2', 0.1]);
  const C = 5;
  const absentFromA = (C - 3 + 1) / (2 * C); // 3/10
  const absentFromB = (C - 2 + 1) / (2 * C); // 4/10

  it('is a row, out of the default grid, whose legs come back completed with the candidates they lack', () => {
    const row = normRow('borda');
    expect(row.tunedByDefault).toBe(false);
    const legs = [A, B].map((l) => ({
      name: l.name,
      weight: 1,
      ids: l.items.map((x) => x.id),
      scores: l.items.map((x) => x.score),
    }));
    const [a, b] = normaliseLegs(row, legs);
    expect(a!.ids).toEqual(['a1', 'a2', 'a3', 'b1', 'b2']);
    expect(a!.scores).toEqual([5 / C, 4 / C, 3 / C, absentFromA, absentFromA]);
    expect(b!.ids).toEqual(['b1', 'b2', 'a1', 'a2', 'a3']);
    expect(b!.scores).toEqual([5 / C, 4 / C, absentFromB, absentFromB, absentFromB]);
  });

  it('combsum over it: each document the sum of its two values; combmnz doubles it (every list holds every candidate)', () => {
    const sums = {
      a1: 5 / C + absentFromB,
      a2: 4 / C + absentFromB,
      a3: 3 / C + absentFromB,
      b1: absentFromA + 5 / C,
      b2: absentFromA + 4 / C,
    };
    const combsum = fuseLists([A, B], { method: 'combsum', norm: 'borda' });
    // 1.4, 1.3, 1.2, 1.1, 1.0: the two lists interleave.
    expect(combsum.map((f) => f.id)).toEqual(['a1', 'b1', 'a2', 'b2', 'a3']);
    for (const f of combsum) expect(f.score).toBeCloseTo(sums[f.id as keyof typeof sums], 12);
    const combmnz = fuseLists([A, B], { method: 'combmnz', norm: 'borda' });
    for (const f of combmnz) expect(f.score).toBeCloseTo(2 * sums[f.id as keyof typeof sums], 12);
  });

  it('counts only the lists weighted above 0: a list switched off adds no candidate to C', () => {
    const off = ranked('Z', ['z1', 1], ['z2', 0.5]);
    const fused = fuseLists([A, B, off], { method: 'combsum', norm: 'borda', weights: [1, 1, 0] });
    expect(fused).toEqual(fuseLists([A, B], { method: 'combsum', norm: 'borda' }));
  });

  it('leaves every other normalisation as it was: fusing with it equals normalising list by list', () => {
    for (const row of normRows().filter((r) => r.normalise)) {
      const byHand = [A, B].map((l) => ({
        name: l.name,
        items: l.items.map((x, i) => ({ id: x.id, score: row.normalise!(l.items.map((y) => y.score))[i]! })),
      }));
      // The lists share no document, so combsum gives each document its own list's value.
      const fused = fuseLists([A, B], { method: 'combsum', norm: row.name as NormName });
      const expected = new Map<string, number>();
      for (const l of byHand) for (const x of l.items) expected.set(x.id, (expected.get(x.id) ?? 0) + x.score);
      for (const f of fused) expect(f.score, `${row.name} ${f.id}`).toBeCloseTo(expected.get(f.id)!, 9);
    }
  });
});
