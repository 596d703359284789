import { describe, expect, it } from 'vitest';
import { InputError } from '../../src/errors.js';
import { createRng, randomIndex } from '../../src/stats/prng.js';

const draw = (rng: () => number, count: number) => Array.from({ length: count }, () => rng());

describe('createRng', () => {
  it('gives the same sequence for the same seed, from independent generators', () => {
    expect(draw(createRng(7), 1000)).toEqual(draw(createRng(7), 1000));
  });

  it('gives different sequences for different seeds, including neighbouring ones', () => {
    const first = draw(createRng(1), 100);
    const second = draw(createRng(2), 100);
    expect(first).not.toEqual(second);
    // Neighbouring seeds must not give near-identical streams either.
    const close = first.filter((x, i) => Math.abs(x - second[i]!) < 0.01).length;
    expect(close).toBeLessThan(10);
  });

  it('keeps the seed-42 sequence fixed: saved reports must reproduce across versions', () => {
    // Pinned from this implementation (mulberry32); a change here changes every published p-value.
    expect(draw(createRng(42), 3)).toEqual([0.6011037519201636, 0.44829055899754167, 0.8524657934904099]);
  });

  it('returns floats in [0, 1), spread evenly', () => {
    const xs = draw(createRng(123), 100_000);
    expect(xs.every((x) => x >= 0 && x < 1)).toBe(true);
    // 10 equal buckets of 10,000 expected each; the standard deviation of a count is ~95.
    const buckets = new Array<number>(10).fill(0);
    for (const x of xs) buckets[Math.floor(x * 10)]!++;
    for (const count of buckets) expect(Math.abs(count - 10_000)).toBeLessThan(500);
    const mean = xs.reduce((s, x) => s + x, 0) / xs.length;
    expect(mean).toBeCloseTo(0.5, 2);
  });

  it('reduces the seed modulo 2^32', () => {
    expect(draw(createRng(-1), 5)).toEqual(draw(createRng(2 ** 32 - 1), 5));
    expect(draw(createRng(2 ** 32), 5)).toEqual(draw(createRng(0), 5));
  });

  it('rejects seeds that are not integers', () => {
    expect(() => createRng(1.5)).toThrow(InputError);
    expect(() => createRng(NaN)).toThrow(/seed must be an integer/);
    expect(() => createRng(Infinity)).toThrow(InputError);
  });
});

describe('randomIndex', () => {
  it('stays in [0, n) and reaches every index', () => {
    const rng = createRng(5);
    const seen = new Set<number>();
    for (let i = 0; i < 2000; i++) {
      const k = randomIndex(rng, 7);
      expect(Number.isInteger(k) && k >= 0 && k < 7).toBe(true);
      seen.add(k);
    }
    expect([...seen].sort()).toEqual([0, 1, 2, 3, 4, 5, 6]);
  });
});
