import { describe, expect, it } from 'vitest';
import { createTermScorer, roundTo9Decimals, winkIdf } from '../../src/retrievers/bm25-term-score.js';

describe('wink term scores', () => {
  it('roundTo9Decimals gives the double +x.toFixed(9) gives, ties and near-ties included', () => {
    let seed = 42;
    const next = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
    const values: number[] = [0, 1, 0.5e-9, 1.5e-9, 2.5e-9, 123.4567890125, 999.9999999995, 5e3, 1e3 + 0.5e-9];
    for (let i = 0; i < 100_000; i++) values.push(next() * 10 ** (next() * 8 - 4));
    // x = (n + 0.5) / 1e9 and its neighbours: where the fast path must hand over to toFixed.
    for (let i = 0; i < 20_000; i++) {
      const half = (Math.floor(next() * 1e11) + 0.5) / 1e9;
      values.push(half, half * (1 + 2 ** -52), half * (1 - 2 ** -52));
    }
    for (const x of values)
      if (roundTo9Decimals(x) !== +x.toFixed(9)) expect(roundTo9Decimals(x), `${x}`).toBe(+x.toFixed(9));
  });

  it("scores as wink's consolidate writes it: idf * tf (k1 + 1) / (tf + k1 norm), 9 decimals", () => {
    // N 10, df 2: idf = ln(1 + 8.5 / 2.5) = ln 4.4; k1 0.9, b 0.4, len 4 = avg 4: norm 1.
    const idf = winkIdf(10, 2);
    expect(idf).toBe(Math.log((10 - 2 + 0.5) / (2 + 0.5) + 1));
    const s = createTermScorer(0.9, 0.4, 4).score(2, 4, idf);
    expect(s).toBe(+(((2 * 1.9) / (0.9 * 1 + 2)) * idf).toFixed(9));
    expect(s).toBeCloseTo((Math.log(4.4) * 3.8) / 2.9, 9);
  });

  it('bounds every score of a block: tf up to its largest, length down to its shortest', () => {
    for (const [k1, b] of [
      [0.9, 0.4],
      [0, 0],
      [2, 1],
      [1e-9, 1],
      [10, 0.5],
    ] as const) {
      const scorer = createTermScorer(k1, b, 7.3);
      const idf = winkIdf(1000, 17);
      for (const [maxTf, minLen] of [
        [1, 1],
        [5, 3],
        [40, 100],
      ] as const)
        for (let tf = 1; tf <= maxTf; tf++)
          for (let len = minLen; len < minLen + 50; len++)
            expect(scorer.score(tf, len, idf)).toBeLessThanOrEqual(scorer.bound(maxTf, minLen, idf));
    }
  });
});
