import { describe, expect, it } from 'vitest';
import { compositeRule, gaussLegendreRule, integrate } from '../../src/stats/gauss-legendre.js';
import { regularizedIncompleteBeta } from '../../src/stats/incomplete-beta.js';
import { logBeta, logGamma } from '../../src/stats/log-gamma.js';
import { erfc, normalCdf } from '../../src/stats/normal-cdf.js';
import { SCIPY } from './scipy-reference.js';

describe('logGamma', () => {
  it('is ln((n - 1)!) at whole numbers, either side of the switch to the Stirling series at 15', () => {
    let factorial = 1;
    for (let n = 1; n <= 30; n++) {
      expect(logGamma(n), `n = ${n}`).toBeCloseTo(Math.log(factorial), 12);
      factorial *= n;
    }
  });

  it('is ln √π at 1/2 and follows Γ(x + 1) = x Γ(x) at fractions', () => {
    expect(logGamma(0.5)).toBeCloseTo(0.5 * Math.log(Math.PI), 14);
    for (const x of [0.01, 0.3, 2.5, 14.2, 14.9, 15.3, 700.5])
      expect(logGamma(x + 1), `x = ${x}`).toBeCloseTo(logGamma(x) + Math.log(x), 11);
  });

  it('ln B(a, b) = ln(Γ(a)Γ(b)/Γ(a + b)): B(2, 3) = 1!·2!/4! = 1/12', () => {
    expect(logBeta(2, 3)).toBeCloseTo(Math.log(1 / 12), 14);
  });

  it('ln B(a, 1/2) for large a follows B(a + 1, b) = B(a, b) · a/(a + b) from B(1/2, 1/2) = π', () => {
    let log = Math.log(Math.PI);
    for (let a = 0.5; a < 600; a++) {
      if (a > 14) expect(logBeta(a, 0.5), `a = ${a}`).toBeCloseTo(log, 12);
      log += Math.log(a / (a + 0.5));
    }
  });
});

describe('regularizedIncompleteBeta', () => {
  it('has the closed forms I_x(a, 1) = x^a and I_x(1, b) = 1 - (1 - x)^b', () => {
    for (const x of [0.001, 0.2, 0.5, 0.77, 0.999]) {
      expect(regularizedIncompleteBeta(x, 3.5, 1)).toBeCloseTo(x ** 3.5, 14);
      expect(regularizedIncompleteBeta(x, 1, 7)).toBeCloseTo(1 - (1 - x) ** 7, 14);
    }
  });

  it('is symmetric, I_x(a, b) = 1 - I_(1-x)(b, a), on both sides of the switch point', () => {
    for (const x of [0.1, 0.45, 0.6, 0.95])
      expect(regularizedIncompleteBeta(x, 2.5, 40) + regularizedIncompleteBeta(1 - x, 40, 2.5)).toBeCloseTo(1, 14);
  });

  it('is 0 at x = 0 and 1 at x = 1', () => {
    expect(regularizedIncompleteBeta(0, 2, 3)).toBe(0);
    expect(regularizedIncompleteBeta(1, 2, 3)).toBe(1);
  });
});

describe('normalCdf', () => {
  it('matches scipy.special.ndtr to 13 digits relative, the far lower tail included', () => {
    for (const { x, cdf } of SCIPY.normal_cdf)
      expect(Math.abs(normalCdf(x) - cdf), `x = ${x}`).toBeLessThanOrEqual(1e-13 * cdf);
  });

  it('erfc(y) + erfc(-y) = 2 across the switch between series and continued fraction', () => {
    for (const y of [0.1, 1.99, 2, 2.01, 3.5]) expect(erfc(y) + erfc(-y)).toBeCloseTo(2, 15);
  });
});

describe('Gauss–Legendre quadrature', () => {
  it('has the textbook 2- and 3-point rules: ±1/√3 with weight 1; 0 and ±√(3/5) with 8/9 and 5/9', () => {
    const two = gaussLegendreRule(2);
    expect([...two.nodes].map((x) => x * Math.sqrt(3))).toEqual([expect.closeTo(-1, 15), expect.closeTo(1, 15)]);
    expect([...two.weights]).toEqual([expect.closeTo(1, 15), expect.closeTo(1, 15)]);
    const three = gaussLegendreRule(3);
    expect(three.nodes[0]).toBeCloseTo(-Math.sqrt(3 / 5), 15);
    expect(three.nodes[1]).toBeCloseTo(0, 15);
    expect([...three.weights]).toEqual([5 / 9, 8 / 9, 5 / 9].map((w) => expect.closeTo(w, 15)));
  });

  it('the composite rule integrates x^7 on [0, 2] exactly: 2^8 / 8 = 32', () => {
    const { nodes, weights } = compositeRule(0, 2, 3);
    expect(nodes.reduce((s, x, i) => s + weights[i]! * x ** 7, 0)).toBeCloseTo(32, 12);
  });

  it('adaptive integration of e^(-x²) over [-3, 3] gives √π erf(3) = √π (1 - erfc(3))', () => {
    expect(integrate((x) => Math.exp(-x * x), -3, 3, 1e-14)).toBeCloseTo(Math.sqrt(Math.PI) * (1 - erfc(3)), 13);
  });
});
