import { describe, expect, it } from 'vitest';
import { fuseLists } from '../../src/fusion/fuse-lists.js';
import { ranked, scoreOf } from './n-leg-lists.js';
import { sig12 } from '../helpers/fused-score.js';

// A ranks a b c with scores 10 6 2 (min-max a 1, b 1/2, c 0);
// B ranks b d a with scores 0.9 0.5 0.1 (min-max b 1, d 1/2, a 0).
// Candidates a b c d; c is missing from B and d from A.
const A = ranked('A', ['a', 10], ['b', 6], ['c', 2]);
const B = ranked('B', ['b', 0.9], ['d', 0.5], ['a', 0.1]);
const ids = (fused: { id: string }[]) => fused.map((f) => f.id);

describe('rank methods (worked examples)', () => {
  it('rrf: Σ w / (k + rank), k 60 by default; absent = nothing', () => {
    const fused = fuseLists([A, B], { method: 'rrf' });
    // Every fused score keeps 12 significant digits (src/fusion/fused-score.ts).
    expect(scoreOf(fused)).toEqual({
      a: sig12(1 / (60 + 1) + 1 / (60 + 3)),
      b: sig12(1 / (60 + 2) + 1 / (60 + 1)),
      c: sig12(1 / (60 + 3)),
      d: sig12(1 / (60 + 2)),
    });
    expect(ids(fused)).toEqual(['b', 'a', 'd', 'c']);
  });

  it('rrf with k 1 and weights 2, 0.5', () => {
    const s = scoreOf(fuseLists([A, B], { method: 'rrf', constants: { rrf_k: 1 }, weights: [2, 0.5] }));
    expect(s.a).toBe(2 / (1 + 1) + 0.5 / (1 + 3));
    expect(s.d).toBe(sig12(0.5 / (1 + 2)));
  });

  it('isr: n(d) · Σ w / rank² (ranx: comb_mnz over 1/rank²)', () => {
    const fused = fuseLists([A, B], { method: 'isr' });
    expect(scoreOf(fused)).toEqual({
      a: sig12(2 * (1 / 1 ** 2 + 1 / 3 ** 2)),
      b: 2 * (1 / 2 ** 2 + 1 / 1 ** 2),
      c: sig12(1 * (1 / 3 ** 2)),
      d: 1 * (1 / 2 ** 2),
    });
    expect(ids(fused)).toEqual(['b', 'a', 'd', 'c']);
  });

  it('borda: C - rank + 1 points, an unranked document the mean of the unused points (C - n + 1) / 2', () => {
    // C = 4 candidates; each list ranks 3, so an unranked document gets (4 - 3 + 1) / 2 = 1.
    const fused = fuseLists([A, B], { method: 'borda' });
    expect(scoreOf(fused)).toEqual({
      a: 4 + 2, // A rank 1, B rank 3
      b: 3 + 4,
      c: 2 + (4 - 3 + 1) / 2,
      d: (4 - 3 + 1) / 2 + 3,
    });
    expect(ids(fused)).toEqual(['b', 'a', 'd', 'c']);
  });

  it('borda: missing from a short list costs less than from a long one', () => {
    // C = 3 (x y z). Long ranks x y z; short ranks y only: x and z get (3 - 1 + 1) / 2 = 1.5 there.
    const s = scoreOf(
      fuseLists([ranked('long', ['x', 3], ['y', 2], ['z', 1]), ranked('short', ['y', 1])], {
        method: 'borda',
        weights: [1, 2],
      }),
    );
    expect(s).toEqual({ x: 3 + 2 * 1.5, y: 2 + 2 * 3, z: 1 + 2 * 1.5 });
  });
});

describe('score methods over min-max scores (worked examples)', () => {
  it('combsum: Σ norm, absent = 0', () => {
    const fused = fuseLists([A, B], { method: 'combsum' });
    expect(scoreOf(fused)).toEqual({ a: 1 + 0, b: 0.5 + 1, c: 0, d: 0.5 });
    expect(ids(fused)).toEqual(['b', 'a', 'd', 'c']);
  });

  it('combmnz: n(d) · Σ norm', () => {
    expect(scoreOf(fuseLists([A, B], { method: 'combmnz' }))).toEqual({
      a: 2 * (1 + 0),
      b: 2 * (0.5 + 1),
      c: 1 * 0,
      d: 1 * 0.5,
    });
  });

  it('combanz: Σ norm / n(d); a and d tie at 1/2 and go id descending', () => {
    const fused = fuseLists([A, B], { method: 'combanz' });
    expect(scoreOf(fused)).toEqual({ a: (1 + 0) / 2, b: (0.5 + 1) / 2, c: 0 / 1, d: 0.5 / 1 });
    expect(ids(fused)).toEqual(['b', 'd', 'a', 'c']);
  });

  it('combmax: max over the lists holding d', () => {
    const fused = fuseLists([A, B], { method: 'combmax' });
    expect(scoreOf(fused)).toEqual({ a: 1, b: 1, c: 0, d: 0.5 });
    expect(ids(fused)).toEqual(['b', 'a', 'd', 'c']); // a and b tie at 1: b first (id descending)
  });

  it('combmin: min over the lists holding d (an absent list does not pull to 0)', () => {
    const fused = fuseLists([A, B], { method: 'combmin' });
    expect(scoreOf(fused)).toEqual({ a: Math.min(1, 0), b: Math.min(0.5, 1), c: 0, d: 0.5 });
    expect(ids(fused)).toEqual(['d', 'b', 'c', 'a']);
  });

  it('combmed: median over the lists holding d, the mean of the middle two for an even count', () => {
    // C ranks c a e with 7 4 1: min-max c 1, a 1/2, e 0.
    const C = ranked('C', ['c', 7], ['a', 4], ['e', 1]);
    const fused = fuseLists([A, B, C], { method: 'combmed' });
    expect(scoreOf(fused)).toEqual({
      a: 0.5, // median of 1, 0, 1/2
      b: (0.5 + 1) / 2, // A and B only
      c: (0 + 1) / 2, // A and C
      d: 0.5,
      e: 0,
    });
  });

  it('wsum: Σ w · norm', () => {
    const fused = fuseLists([A, B], { method: 'wsum', weights: [0.3, 0.7] });
    const s = scoreOf(fused);
    expect(s.a).toBeCloseTo(0.3 * 1 + 0.7 * 0, 15);
    expect(s.b).toBeCloseTo(0.3 * 0.5 + 0.7 * 1, 15);
    expect(s.c).toBe(0);
    expect(s.d).toBeCloseTo(0.7 * 0.5, 15);
    expect(ids(fused)).toEqual(['b', 'd', 'a', 'c']);
  });

  it('combsum under z-score: an absent document gets 0, the list mean (ranx)', () => {
    // A: mean 6, sd sqrt(32/3); B: mean 0.5, sd sqrt(0.32/3). c is absent from B: z_B = 0.
    const sdA = Math.sqrt(32 / 3);
    const sdB = Math.sqrt(0.32 / 3);
    const s = scoreOf(fuseLists([A, B], { method: 'combsum', norm: 'zscore' }));
    expect(s.c).toBe(sig12(-4 / sdA + 0));
    expect(s.a).toBe(sig12(4 / sdA + -0.4 / sdB));
  });
});

describe('dbsf (worked example)', () => {
  it('Σ w · (s - lo) / (hi - lo), lo/hi = mean ∓ 3 sample sd of each list', () => {
    // A: mean 6, sd 4 -> lo -6, hi 18.  B: mean 0.5, sd 0.4 -> lo -0.7, hi 1.7.
    const fused = fuseLists([A, B], { method: 'dbsf' });
    const s = scoreOf(fused);
    expect(s.a).toBe(sig12((10 + 6) / 24 + (0.1 + 0.7) / 2.4));
    expect(s.b).toBe(sig12((6 + 6) / 24 + (0.9 + 0.7) / 2.4));
    expect(s.c).toBe(sig12((2 + 6) / 24));
    expect(s.d).toBe(sig12((0.5 + 0.7) / 2.4));
    expect(ids(fused)).toEqual(['b', 'a', 'd', 'c']);
  });

  it('ignores --norm: it is its own normalisation', () => {
    expect(fuseLists([A, B], { method: 'dbsf', norm: 'rank' })).toEqual(fuseLists([A, B], { method: 'dbsf' }));
  });
});
