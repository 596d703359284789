import { describe, expect, it } from 'vitest';
import type { Configuration } from '../../bench/lib/click-sim/configurations.js';
import { copeland, type PairOutcome } from '../../bench/lib/click-sim/interleaving.js';

const config = (name: string): Configuration => ({ name, mode: 'bm25', params: {} });
const pair = (a: string, b: string, delta: number | null): PairOutcome => ({
  a,
  b,
  searches: 10,
  delta,
  p: null,
  winner: null,
  moreNeeded: null,
});

describe('the click bench’s Copeland ordering of interleaving preferences', () => {
  it('scores a win per pair whose Δ favours the configuration, a half per tie, the mean Δ breaking ties', () => {
    const configs = ['x', 'y', 'z'].map(config);
    // x beats y (Δ +0.2) and z (Δ +0.1); y and z tie (Δ 0).
    const scores = copeland(configs, [pair('x', 'y', 0.2), pair('z', 'x', -0.1), pair('y', 'z', 0)]);
    // Each has two other configurations: the tie-break is 0.2 × (sum of its Δs) / 2.
    expect(scores.get('x')).toBeCloseTo(2 + (0.2 * (0.2 + 0.1)) / 2, 12);
    expect(scores.get('y')).toBeCloseTo(0.5 + (0.2 * (-0.2 + 0)) / 2, 12);
    expect(scores.get('z')).toBeCloseTo(0.5 + (0.2 * (-0.1 + 0)) / 2, 12);
    // y lost its win by more than z did: z ranks above y.
    expect(scores.get('z')!).toBeGreaterThan(scores.get('y')!);
  });

  it('counts a pair without clicks (Δ null) as a tie', () => {
    const scores = copeland(['x', 'y'].map(config), [pair('x', 'y', null)]);
    expect(scores.get('x')).toBe(0.5);
    expect(scores.get('y')).toBe(0.5);
  });

  it('keeps the tie-break within ±0.2, so no two differ by the half-point of a tied pair', () => {
    // Every Δ at its extreme: x beats both (mean Δ +1), y beats z (mean Δ 0), z loses both (mean Δ −1).
    const scores = copeland(['x', 'y', 'z'].map(config), [pair('x', 'y', 1), pair('x', 'z', 1), pair('y', 'z', 1)]);
    expect(scores.get('x')).toBeCloseTo(2 + 0.2, 12);
    expect(scores.get('y')).toBeCloseTo(1, 12);
    expect(scores.get('z')).toBeCloseTo(0 - 0.2, 12);
  });
});
