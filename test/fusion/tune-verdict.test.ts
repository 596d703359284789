import { describe, expect, it } from 'vitest';
import { formatP, tuneVerdict } from '../../src/fusion/tune/tune-verdict.js';

/** The two fields the verdict reads: a held-out mean and the best leg with the paired difference and p. */
const outcome = (heldOut: number, leg: number, low: number, high: number, p: number) => ({
  heldOut: { mean: heldOut, low: heldOut - 0.05, high: heldOut + 0.05 },
  bestLeg: {
    name: 'bm25',
    label: 'bm25',
    mean: leg,
    diff: { mean: heldOut - leg, low, high },
    p,
    sameOnEveryQuery: false,
  },
});

describe('tuneVerdict: the outcome against the best leg in words', () => {
  it('below the leg, significant: keep the leg (the CISI case of issue 23)', () => {
    expect(tuneVerdict(outcome(0.3505, 0.3581, -0.0145, -0.0018, 0.019))).toBe(
      'Tuned fusion scores 0.3505 held out, 0.0076 below bm25 alone (95% CI [-0.0145, -0.0018]), significant (p = 0.0190, paired randomization test): keep bm25 alone.',
    );
  });

  it('below the leg, not significant: keep the leg', () => {
    expect(tuneVerdict(outcome(0.3512, 0.3581, -0.03, 0.016, 0.21))).toBe(
      'Tuned fusion scores 0.3512 held out, 0.0069 below bm25 alone (95% CI [-0.0300, +0.0160]), not significant (p = 0.2100, paired randomization test): keep bm25 alone.',
    );
  });

  it('above the leg, not significant: keep the leg, or deploy and confirm on more queries', () => {
    expect(tuneVerdict(outcome(0.38, 0.3581, -0.009, 0.052, 0.176))).toBe(
      'Tuned fusion scores 0.3800 held out, 0.0219 above bm25 alone (95% CI [-0.0090, +0.0520]), not significant (p = 0.1760, paired randomization test): keep bm25 alone, or deploy the setting below and confirm the gain on more queries.',
    );
  });

  it('above the leg, significant: fusion helps', () => {
    expect(tuneVerdict(outcome(0.7, 0.68, 0.005, 0.035, 0.004))).toBe(
      'Tuned fusion scores 0.7000 held out, 0.0200 above bm25 alone (95% CI [+0.0050, +0.0350]), significant (p = 0.0040, paired randomization test): fusion helps; deploy the setting below.',
    );
  });

  it('a difference that prints as 0.0000 is a tie, neither above nor below (issue 26: no win by 0.0000)', () => {
    // 0.80812 - 0.80809 = 0.00003, which reads 0.0000 at four decimals.
    const above = tuneVerdict(outcome(0.80812, 0.80809, -0.004, 0.004, 0.9));
    expect(above).toBe(
      'Tuned fusion scores 0.8081 held out, the same as bm25 alone at 4 decimals (95% CI [-0.0040, +0.0040], p = 0.9000, paired randomization test): keep bm25 alone.',
    );
    const below = tuneVerdict(outcome(0.80809, 0.80812, -0.004, 0.004, 0.9));
    expect(below).not.toMatch(/above|below/);
    // 0.00005 is the first difference that prints: 0.0001 above.
    expect(tuneVerdict(outcome(0.5001, 0.5, -0.01, 0.01, 0.5))).toContain('0.0001 above bm25 alone');
  });

  it('p of exactly 0.05 is not significant (p < 0.05 is)', () => {
    expect(tuneVerdict(outcome(0.7, 0.68, -0.001, 0.04, 0.05))).toContain('not significant (p = 0.0500');
    expect(tuneVerdict(outcome(0.7, 0.68, 0.001, 0.04, 0.0499))).toContain(', significant (p = 0.0499');
  });

  it('p below what 4 decimals show is printed as a bound', () => {
    expect(formatP(2 / 65536)).toBe('p < 0.0001');
    expect(formatP(1 / 10001)).toBe('p = 0.0001');
  });
});
