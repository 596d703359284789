import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { InputError } from '../../src/errors.js';
import { fuseLists } from '../../src/fusion/fuse-lists.js';
import { fusionMethod } from '../../src/fusion/method-registry.js';
import type { RankedLeg } from '../../src/fusion/ranked-list.js';

/**
 * Random legs as fuseLists hands them to a method: names in byte order, weights > 0 (any
 * double, not a grid), ids unique within a leg over a small alphabet (so legs overlap), and
 * any scores (the score methods read them as normalised already; the rank methods ignore them).
 */
const legs: fc.Arbitrary<RankedLeg[]> = fc
  .array(
    fc.record({
      weight: fc.double({ min: 0.01, max: 10, noNaN: true }),
      ids: fc.uniqueArray(fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j'), { maxLength: 10 }),
      scores: fc.array(fc.double({ min: -5, max: 5, noNaN: true }), { minLength: 10, maxLength: 10 }),
    }),
    { minLength: 1, maxLength: 5 },
  )
  .map((ls) =>
    ls.map((l, i) => ({ name: `L${i}`, weight: l.weight, ids: l.ids, scores: l.scores.slice(0, l.ids.length) })),
  );

// The oracle: each definition written out per candidate and per leg, with indexOf for ranks
// and none of the library's helpers.
const candidatesOf = (ls: RankedLeg[]) => [...new Set(ls.flatMap((l) => l.ids))];
const holding = (ls: RankedLeg[], id: string) => ls.filter((l) => l.ids.includes(id));
const rankOf = (l: RankedLeg, id: string) => l.ids.indexOf(id) + 1;
const scoreOf = (l: RankedLeg, id: string) => l.scores[l.ids.indexOf(id)]!;
const total = (xs: number[]) => xs.reduce((a, x) => a + x, 0);

const oracle = {
  log_isr: (ls: RankedLeg[], id: string) =>
    Math.log(holding(ls, id).length) * total(holding(ls, id).map((l) => l.weight / rankOf(l, id) ** 2)),
  logn_isr: (ls: RankedLeg[], id: string, sigma: number) =>
    Math.log(holding(ls, id).length + sigma) * total(holding(ls, id).map((l) => l.weight / rankOf(l, id) ** 2)),
  combgmnz: (ls: RankedLeg[], id: string, gamma: number) =>
    holding(ls, id).length ** gamma * total(holding(ls, id).map((l) => l.weight * scoreOf(l, id))),
  wmnz: (ls: RankedLeg[], id: string) =>
    total(holding(ls, id).map((l) => l.weight)) * total(holding(ls, id).map((l) => scoreOf(l, id))),
  condorcet: (ls: RankedLeg[], id: string) => {
    // A list prefers u to v when it ranks u and either lacks v or ranks it lower.
    const prefers = (l: RankedLeg, u: string, v: string) =>
      l.ids.includes(u) && (!l.ids.includes(v) || rankOf(l, u) < rankOf(l, v));
    let score = 1;
    for (const other of candidatesOf(ls)) {
      if (other === id) continue;
      const mine = total(ls.filter((l) => prefers(l, id, other)).map((l) => l.weight));
      const theirs = total(ls.filter((l) => prefers(l, other, id)).map((l) => l.weight));
      const noise = 1e-12 * total(ls.map((l) => l.weight));
      if (mine - theirs > noise) score += 1;
      else if (Math.abs(mine - theirs) <= noise) score += 0.5;
    }
    return score;
  },
};

/** Same candidates, and each score equal to the oracle's to 1e-12 (relative, absolute near 0). */
function expectAgrees(ours: Map<string, number>, ls: RankedLeg[], theirs: (id: string) => number): void {
  expect([...ours.keys()].sort()).toEqual(candidatesOf(ls).sort());
  for (const [id, score] of ours) {
    const expected = theirs(id);
    expect(Math.abs(score - expected), `${id}: ${score} against ${expected}`).toBeLessThanOrEqual(
      1e-12 * Math.max(1, Math.abs(expected)),
    );
  }
}

// A constant left out is the method's default, as fuseLists leaves it to the method.
const combine = (name: string, ls: RankedLeg[], constants: Record<string, number> = {}) =>
  fusionMethod(name).combine(ls, constants);

describe('the methods agree with a naive oracle on random legs (to 1e-12)', () => {
  it('log_isr: ln n(d) · Σ w / rank²', () => {
    fc.assert(fc.property(legs, (ls) => expectAgrees(combine('log_isr', ls), ls, (id) => oracle.log_isr(ls, id))));
  });

  it('logn_isr: ln(n(d) + σ) · Σ w / rank², σ 0.01 by default and any σ in [0, 1] given', () => {
    fc.assert(
      fc.property(legs, fc.double({ min: 0, max: 1, noNaN: true }), (ls, sigma) => {
        expectAgrees(combine('logn_isr', ls), ls, (id) => oracle.logn_isr(ls, id, 0.01));
        expectAgrees(combine('logn_isr', ls, { sigma }), ls, (id) => oracle.logn_isr(ls, id, sigma));
      }),
    );
  });

  it('combgmnz: n(d)^γ · Σ w · norm, γ 0.5 by default and any γ >= 0 given', () => {
    fc.assert(
      fc.property(legs, fc.double({ min: 0, max: 3, noNaN: true }), (ls, gamma) => {
        expectAgrees(combine('combgmnz', ls), ls, (id) => oracle.combgmnz(ls, id, 0.5));
        expectAgrees(combine('combgmnz', ls, { gamma }), ls, (id) => oracle.combgmnz(ls, id, gamma));
      }),
    );
  });

  it('wmnz: (Σ w) · Σ norm over the legs holding d', () => {
    fc.assert(fc.property(legs, (ls) => expectAgrees(combine('wmnz', ls), ls, (id) => oracle.wmnz(ls, id))));
  });

  it('condorcet and w_condorcet: 1 + wins + ties / 2 over weighted pairwise votes', () => {
    fc.assert(
      fc.property(legs, (ls) => {
        expectAgrees(combine('condorcet', ls), ls, (id) => oracle.condorcet(ls, id));
        expectAgrees(combine('w_condorcet', ls), ls, (id) => oracle.condorcet(ls, id));
      }),
    );
  });
});

describe('the parameters at their ends (as ranx tests comb_gmnz)', () => {
  it('combgmnz with γ 0 is combsum and with γ 1 combmnz', () => {
    fc.assert(
      fc.property(legs, (ls) => {
        expectAgrees(combine('combgmnz', ls, { gamma: 0 }), ls, (id) => combine('combsum', ls).get(id)!);
        expectAgrees(combine('combgmnz', ls, { gamma: 1 }), ls, (id) => combine('combmnz', ls).get(id)!);
      }),
    );
  });

  it('logn_isr with σ 0 is log_isr', () => {
    fc.assert(
      fc.property(legs, (ls) =>
        expectAgrees(combine('logn_isr', ls, { sigma: 0 }), ls, (id) => combine('log_isr', ls).get(id)!),
      ),
    );
  });

  it('fuseLists refuses γ < 0 and σ outside [0, 1], as their rows bound them', () => {
    const one = [{ name: 'L', items: [{ id: 'a', score: 1 }] }];
    expect(() => fuseLists(one, { method: 'combgmnz', constants: { gamma: -0.5 } })).toThrow(
      new InputError('fusion: gamma must be a number in [0, 1000000], got -0.5'),
    );
    expect(() => fuseLists(one, { method: 'logn_isr', constants: { sigma: 1.5 } })).toThrow(
      new InputError('fusion: sigma must be a number in [0, 1], got 1.5'),
    );
  });
});

describe('condorcet is a majority order', () => {
  it('a document every list ranks first (a Condorcet winner) scores C, the top; the scores add up to C + C(C - 1) / 2', () => {
    fc.assert(
      fc.property(legs, (ls) => {
        const withWinner = ls.map((l) => ({ ...l, ids: ['w', ...l.ids], scores: [9, ...l.scores] }));
        const c = candidatesOf(withWinner).length;
        for (const name of ['condorcet', 'w_condorcet']) {
          const scores = combine(name, withWinner);
          expect(scores.get('w')).toBe(c);
          for (const [id, score] of scores) if (id !== 'w') expect(score).toBeLessThan(c);
          // 1 per candidate, and each pair hands out one point (1 + 0 or ½ + ½).
          expect(total([...scores.values()])).toBe(c + (c * (c - 1)) / 2);
        }
      }),
    );
  });
});
