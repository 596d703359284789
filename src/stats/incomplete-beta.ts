import { logBeta } from './log-gamma.js';

const MAX_TERMS = 10_000;
const EPSILON = 1e-16;
/** Lentz's method replaces a zero denominator by this, so the recurrence never divides by 0. */
const TINY = 1e-300;

/**
 * The regularized incomplete beta function I_x(a, b) = B(x; a, b) / B(a, b), for a, b > 0 and
 * x in [0, 1]: the CDF of a Beta(a, b) variable, and through it Student's t (student-t.ts).
 *
 * Evaluated by its continued fraction (DLMF 8.17.22):
 *
 *   I_x(a, b) = x^a (1 - x)^b / (a B(a, b)) · 1 / (1 + d_1 / (1 + d_2 / (1 + ...)))
 *   d_(2m+1) = -(a + m)(a + b + m) x / ((a + 2m)(a + 2m + 1))
 *   d_(2m)   = m (b - m) x / ((a + 2m - 1)(a + 2m))
 *
 * which converges fast for x < (a + 1)/(a + b + 2); above that the symmetry
 * I_x(a, b) = 1 - I_(1-x)(b, a) is used. The fraction is evaluated front to back with the
 * modified Lentz algorithm (Numerical Recipes §5.2), stopping when a step changes it by less
 * than 1e-16 relative.
 *
 * `complement` is 1 - x: a caller that knows it exactly (Student's t passes t²/(ν + t²)) gives
 * it, so that x close to 1 loses no digits to the subtraction.
 */
export function regularizedIncompleteBeta(x: number, a: number, b: number, complement = 1 - x): number {
  if (!(a > 0 && b > 0) || Number.isNaN(x)) return NaN;
  if (x <= 0) return 0;
  if (complement <= 0) return 1;
  const logFront = a * Math.log(x) + b * Math.log(complement) - logBeta(a, b);
  if (x < (a + 1) / (a + b + 2)) return (Math.exp(logFront) * continuedFraction(x, a, b)) / a;
  return 1 - (Math.exp(logFront) * continuedFraction(complement, b, a)) / b;
}

/** 1 / (1 + d_1 / (1 + d_2 / ...)) by the modified Lentz algorithm. */
function continuedFraction(x: number, a: number, b: number): number {
  let c = 1;
  let d = nonZero(1 - ((a + b) * x) / (a + 1));
  d = 1 / d;
  let f = d;
  for (let m = 1; m <= MAX_TERMS; m++) {
    // The even term d_(2m), then the odd term d_(2m+1).
    const even = (m * (b - m) * x) / ((a + 2 * m - 1) * (a + 2 * m));
    d = 1 / nonZero(1 + even * d);
    c = nonZero(1 + even / c);
    f *= d * c;
    const odd = (-(a + m) * (a + b + m) * x) / ((a + 2 * m) * (a + 2 * m + 1));
    d = 1 / nonZero(1 + odd * d);
    c = nonZero(1 + odd / c);
    const step = d * c;
    f *= step;
    if (Math.abs(step - 1) < EPSILON) return f;
  }
  return f;
}

function nonZero(v: number): number {
  return Math.abs(v) < TINY ? TINY : v;
}
