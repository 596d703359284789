import { describe, expect, it } from 'vitest';
import { fuseLists } from '../../src/fusion/fuse-lists.js';
import type { ScoredId } from '../../src/fusion/ranked-list.js';
import { ranked, scoreOf } from './n-leg-lists.js';

// As in methods.test.ts: A ranks a b c with scores 10 6 2 (min-max a 1, b 1/2, c 0);
// B ranks b d a with scores 0.9 0.5 0.1 (min-max b 1, d 1/2, a 0). c is missing from B, d from A.
const A = ranked('A', ['a', 10], ['b', 6], ['c', 2]);
const B = ranked('B', ['b', 0.9], ['d', 0.5], ['a', 0.1]);
const ids = (fused: readonly ScoredId[]) => fused.map((f) => f.id);

/**
 * Each fused score equals the value written as its formula to 11 significant digits: the
 * formula is evaluated in another order than the library adds its terms, which moves the last bits.
 */
function expectScores(fused: readonly ScoredId[], expected: Record<string, number>): void {
  const got = scoreOf(fused);
  expect(Object.keys(got).sort()).toEqual(Object.keys(expected).sort());
  for (const [id, e] of Object.entries(expected))
    expect(Math.abs(got[id]! - e), `${id}: ${got[id]} against ${e}`).toBeLessThanOrEqual(
      1e-11 * Math.max(1, Math.abs(e)),
    );
}

describe('log_isr and logn_isr (worked examples)', () => {
  it('log_isr: ln n(d) · Σ w / rank², so a document one list holds gets ln 1 = 0', () => {
    const fused = fuseLists([A, B], { method: 'log_isr' });
    expectScores(fused, {
      a: Math.log(2) * (1 / 1 ** 2 + 1 / 3 ** 2),
      b: Math.log(2) * (1 / 2 ** 2 + 1 / 1 ** 2),
      c: Math.log(1) * (1 / 3 ** 2),
      d: Math.log(1) * (1 / 2 ** 2),
    });
    // c and d tie at 0 and go id descending.
    expect(ids(fused)).toEqual(['b', 'a', 'd', 'c']);
  });

  it('log_isr of one list gives every document 0: the tie order, not the list order', () => {
    expect(fuseLists([A], { method: 'log_isr' })).toEqual([
      { id: 'c', score: 0 },
      { id: 'b', score: 0 },
      { id: 'a', score: 0 },
    ]);
  });

  it('logn_isr: ln(n(d) + σ) · Σ w / rank², σ 0.01, so documents one list holds stay ordered by rank', () => {
    const fused = fuseLists([A, B], { method: 'logn_isr', weights: [2, 1] });
    expectScores(fused, {
      a: Math.log(2 + 0.01) * (2 / 1 ** 2 + 1 / 3 ** 2),
      b: Math.log(2 + 0.01) * (2 / 2 ** 2 + 1 / 1 ** 2),
      c: Math.log(1 + 0.01) * (2 / 3 ** 2),
      d: Math.log(1 + 0.01) * (1 / 2 ** 2),
    });
    expect(ids(fused)).toEqual(['a', 'b', 'd', 'c']);
  });
});

describe('condorcet and w_condorcet (worked examples)', () => {
  // The three runs of ranx's condorcet tests, query q1 and q2, written best first.
  const q1 = [
    ranked('r1', ['d3', 3], ['d2', 2], ['d1', 1]),
    ranked('r2', ['d2', 3], ['d1', 2]),
    ranked('r3', ['d3', 3]),
  ];
  const q2 = [
    ranked('r1', ['d2', 2], ['d1', 1]),
    ranked('r2', ['d3', 3], ['d1', 1]),
    ranked('r3', ['d3', 3], ['d2', 2]),
  ];

  it('1 + wins + ties / 2: a majority order d3 > d2 > d1 scores 3, 2, 1, as ranx gives', () => {
    // q1. d3 - d2: r1 and r3 rank d3 above (r3 lacks d2), r2 ranks d2 (and lacks d3): 2 to 1.
    //     d3 - d1: r1, r3 for d3; r2 for d1.  d2 - d1: r1, r2 for d2; r3 ranks neither, no vote.
    expect(fuseLists(q1, { method: 'condorcet' })).toEqual([
      { id: 'd3', score: 1 + 2 },
      { id: 'd2', score: 1 + 1 },
      { id: 'd1', score: 1 + 0 },
    ]);
    // q2. d3 - d2: r2, r3 against r1.  d3 - d1: r2, r3 against r1.  d2 - d1: r1, r3 against r2.
    expect(fuseLists(q2, { method: 'condorcet' }).map((f) => [f.id, f.score])).toEqual([
      ['d3', 3],
      ['d2', 2],
      ['d1', 1],
    ]);
  });

  it('w_condorcet: votes weighted 1, 5, 2 turn both orders, as in ranx', () => {
    // q1. d2 - d3: r2 (5) against r1 + r3 (1 + 2).  d1 - d3: r2 (5) against 3.  d2 - d1: r1 + r2 (6) against 0.
    expect(fuseLists(q1, { method: 'w_condorcet', weights: [1, 5, 2] })).toEqual([
      { id: 'd2', score: 3 },
      { id: 'd1', score: 2 },
      { id: 'd3', score: 1 },
    ]);
    // q2. d3 - d2: r2 + r3 (7) against r1 (1).  d3 - d1: 7 against 1.  d1 - d2: r2 (5) against r1 + r3 (3).
    expect(ids(fuseLists(q2, { method: 'w_condorcet', weights: [1, 5, 2] }))).toEqual(['d3', 'd1', 'd2']);
  });

  it('a cycle a > b > c > a: each wins once, and the tie order (id descending) settles it', () => {
    const cycle = [
      ranked('L1', ['a', 3], ['b', 2], ['c', 1]),
      ranked('L2', ['b', 3], ['c', 2], ['a', 1]),
      ranked('L3', ['c', 3], ['a', 2], ['b', 1]),
    ];
    expect(fuseLists(cycle, { method: 'condorcet' })).toEqual([
      { id: 'c', score: 1 + 1 },
      { id: 'b', score: 1 + 1 },
      { id: 'a', score: 1 + 1 },
    ]);
    // Weighting L1 double breaks the cycle: a > b (3 to 1), b > c (3 to 1), c - a: 2 against 2, a tie.
    expect(scoreOf(fuseLists(cycle, { method: 'w_condorcet', weights: [2, 1, 1] }))).toEqual({
      a: 1 + 1 + 0.5,
      b: 1 + 1,
      c: 1 + 0 + 0.5,
    });
  });

  it('equal votes tie (½ each); a document a list lacks is below all it returned', () => {
    // x - y: X returns x and not y, Y returns y and not x: 1 to 1, a tie. x - z: likewise a tie.
    // y - z: Y ranks y above z; X returns neither and has no vote: y wins.
    const fused = fuseLists([ranked('X', ['x', 1]), ranked('Y', ['y', 2], ['z', 1])], { method: 'condorcet' });
    expect(scoreOf(fused)).toEqual({ x: 1 + 0.5 + 0.5, y: 1 + 0.5 + 1, z: 1 + 0.5 + 0 });
    expect(ids(fused)).toEqual(['y', 'x', 'z']);
  });

  it('votes that differ by floating-point noise tie: 0.1 + 0.2 against 0.3', () => {
    const lists = [ranked('p', ['x', 1], ['y', 0]), ranked('q', ['x', 1], ['y', 0]), ranked('r', ['y', 1], ['x', 0])];
    expect(0.1 + 0.2).not.toBe(0.3);
    expect(scoreOf(fuseLists(lists, { method: 'w_condorcet', weights: [0.1, 0.2, 0.3] }))).toEqual({ x: 1.5, y: 1.5 });
  });
});

describe('combgmnz and wmnz over min-max scores (worked examples)', () => {
  it('combgmnz: n(d)^γ · Σ norm, γ 0.5', () => {
    const fused = fuseLists([A, B], { method: 'combgmnz' });
    expectScores(fused, { a: 2 ** 0.5 * (1 + 0), b: 2 ** 0.5 * (0.5 + 1), c: 1 ** 0.5 * 0, d: 1 ** 0.5 * 0.5 });
    expect(ids(fused)).toEqual(['b', 'a', 'd', 'c']);
  });

  it('wmnz: (Σ w) · Σ norm over the lists holding d, the norms unweighted (ranx)', () => {
    const fused = fuseLists([A, B], { method: 'wmnz', weights: [0.3, 0.7] });
    expectScores(fused, {
      a: (0.3 + 0.7) * (1 + 0),
      b: (0.3 + 0.7) * (0.5 + 1),
      c: 0.3 * 0,
      d: 0.7 * 0.5,
    });
    expect(ids(fused)).toEqual(['b', 'a', 'd', 'c']);
  });

  it('wmnz with weights 1 is combmnz', () => {
    expect(fuseLists([A, B], { method: 'wmnz' })).toEqual(fuseLists([A, B], { method: 'combmnz' }));
  });
});

describe('minmax_inverted in fusion', () => {
  it('reads a run of distances right: the smallest distance gets 1 and wins', () => {
    // A distance run as trec_eval reads it, score descending: z (0.9) is the farthest.
    const distances = ranked('dist', ['z', 0.9], ['y', 0.5], ['x', 0.1]);
    const fused = fuseLists([distances], { method: 'combsum', norm: 'minmax_inverted' });
    expect(fused).toEqual([
      { id: 'x', score: (0.9 - 0.1) / (0.9 - 0.1) },
      { id: 'y', score: (0.9 - 0.5) / (0.9 - 0.1) },
      { id: 'z', score: (0.9 - 0.9) / (0.9 - 0.1) },
    ]);
  });
});
