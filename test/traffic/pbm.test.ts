import { describe, expect, it } from 'vitest';
import { createRng } from '../../src/stats/prng.js';
import { DEFAULT_THRESHOLDS } from '../../src/traffic/click-models.js';
import { fitPbm, type PbmImpression, pbmStep } from '../../src/traffic/pbm.js';

describe('pbmStep: one EM step worked by hand', () => {
  /**
   * Two ranks, two pairs, from θ = [1, 0.5] and α = [0.5, 0.5]:
   *   pair 0 at rank 1, clicked       E = 1, A = 1
   *   pair 0 at rank 2, not clicked   E = θ(1 − α)/(1 − θα) = 0.5·0.5/0.75 = 1/3, A = α(1 − θ)/(1 − θα) = 1/3
   *   pair 1 at rank 2, clicked       E = 1, A = 1
   *   pair 1 at rank 1, not clicked   E = 1·0.5/0.5 = 1, A = 0.5·0/0.5 = 0
   */
  const impressions: PbmImpression[] = [
    { pair: 0, rank: 1, clicked: true },
    { pair: 0, rank: 2, clicked: false },
    { pair: 1, rank: 2, clicked: true },
    { pair: 1, rank: 1, clicked: false },
  ];
  const start = { examination: [1, 0.5], attractiveness: [0.5, 0.5] };

  it('without a prior: θ_2 = (1/3 + 1)/2, α_0 = (1 + 1/3)/2, α_1 = (1 + 0)/2, θ_1 held at 1', () => {
    const next = pbmStep(start, impressions, { priorStrength: 0 });
    expect(next.examination[0]).toBe(1);
    expect(next.examination[1]).toBeCloseTo((1 / 3 + 1) / 2, 12);
    expect(next.attractiveness[0]).toBeCloseTo((1 + 1 / 3) / 2, 12);
    expect(next.attractiveness[1]).toBeCloseTo((1 + 0) / 2, 12);
  });

  it('with a prior of s = 2 at the log mean m = 2 clicks / (1 + 0.5 + 0.5 + 1) examinations', () => {
    const m = 2 / 3;
    const next = pbmStep(start, impressions, { priorStrength: 2 });
    expect(next.attractiveness[0]).toBeCloseTo((1 + 1 / 3 + 2 * m) / (2 + 2), 12);
    expect(next.attractiveness[1]).toBeCloseTo((1 + 0 + 2 * m) / (2 + 2), 12);
    // The prior is on α only: θ_2 is the same step as without it.
    expect(next.examination[1]).toBeCloseTo((1 / 3 + 1) / 2, 12);
  });
});

describe('fitPbm', () => {
  it('recovers θ and α from a log simulated from known ones', () => {
    // Four queries of five documents each; every search shows its query's five documents in a
    // random order, so each document is seen at every rank and θ and α can be told apart.
    const theta = [1, 0.7, 0.5, 0.35, 0.25];
    const alpha = Array.from({ length: 20 }, (_, p) => 0.1 + (0.8 * (p % 5)) / 4 + 0.01 * Math.floor(p / 5));
    const rng = createRng(7);
    const perQuery = 5000;
    const impressions: PbmImpression[] = [];
    for (let q = 0; q < 4; q++)
      for (let s = 0; s < perQuery; s++) {
        const order = [0, 1, 2, 3, 4];
        for (let i = order.length - 1; i > 0; i--) {
          const j = Math.floor(rng() * (i + 1));
          [order[i], order[j]] = [order[j]!, order[i]!];
        }
        order.forEach((d, r) => {
          const pair = q * 5 + d;
          impressions.push({ pair, rank: r + 1, clicked: rng() < theta[r]! * alpha[pair]! });
        });
      }
    const fit = fitPbm(impressions, 20, { maxRank: 5, priorStrength: 0 });
    expect(fit.converged).toBe(true);
    // Tolerance: four standard errors of a proportion at its widest (p = 0.5), over the fewest
    // examined impressions each parameter rests on. α: 5000 impressions a pair, examined at least
    // min θ = 0.25 of the time -> n = 1250. θ: 20,000 impressions a rank, attractive at least
    // min α = 0.1 of the time -> n = 2000.
    const alphaTolerance = 4 * Math.sqrt(0.25 / (perQuery * 0.25));
    const thetaTolerance = 4 * Math.sqrt(0.25 / (4 * perQuery * 0.1));
    fit.attractiveness.forEach((a, p) => expect(Math.abs(a - alpha[p]!)).toBeLessThan(alphaTolerance));
    fit.examination.forEach((t, r) => expect(Math.abs(t - theta[r]!)).toBeLessThan(thetaTolerance));
  });

  it('keeps one click at rank 9 near the log mean: (1 + s·m)/(1 + s), not a grade', () => {
    // θ_r = 1/r fixed; pair 0 is shown 100 times first and clicked 20 times; pair 1 once, at rank
    // 9, and clicked. Unshrunk, pair 1's α would be 1 (every examination of it was a click).
    const theta = Array.from({ length: 10 }, (_, r) => 1 / (r + 1));
    const impressions: PbmImpression[] = [
      ...Array.from({ length: 100 }, (_, i) => ({ pair: 0, rank: 1, clicked: i < 20 })),
      { pair: 1, rank: 9, clicked: true },
    ];
    const s = 20;
    const m = 21 / (100 + 1 / 9);
    const fit = fitPbm(impressions, 2, { maxRank: 10, priorStrength: s, fixedExamination: theta });
    expect(fit.priorMean).toBeCloseTo(m, 12);
    expect(fit.attractiveness[1]).toBeCloseTo((1 + s * m) / (1 + s), 9);
    expect(fit.attractiveness[1]).toBeLessThan(DEFAULT_THRESHOLDS.pbm[0]!);
    // At rank 1 a miss is a miss (θ = 1): 20 clicks in 100, plus the prior.
    expect(fit.attractiveness[0]).toBeCloseTo((20 + s * m) / (100 + s), 9);
    expect(fitPbm(impressions, 2, { maxRank: 10, priorStrength: 0, fixedExamination: theta }).attractiveness[1]).toBe(
      1,
    );
  });

  it('refuses an impression beyond maxRank', () => {
    expect(() => fitPbm([{ pair: 0, rank: 3, clicked: true }], 1, { maxRank: 2 })).toThrow(/out of range/);
  });
});
