import { describe, expect, it } from 'vitest';
import { attractiveness, examination, simulateClicks, zipfQueries } from '../../bench/lib/click-sim/users.js';
import { createRng } from '../../src/stats/prng.js';

/** Within four binomial standard deviations of p over n draws: fails by chance about once in 15,000 runs (and the seed is fixed). */
function near(observed: number, p: number, n: number): void {
  expect(Math.abs(observed - p)).toBeLessThan(4 * Math.sqrt((p * (1 - p)) / n));
}

describe('the click simulator’s users (bench/lib/click-sim/users.ts)', () => {
  it('examine rank r with probability (1/r)^eta', () => {
    expect(examination(1, 1)).toBe(1);
    expect(examination(4, 1)).toBe(1 / 4);
    expect(examination(4, 0.5)).toBe(1 / 2);
    expect(examination(9, 0)).toBe(1);
  });

  it('find a result attractive by its true grade, the last value standing for every higher grade', () => {
    const params = { eta: 1, attractiveness: [0.05, 0.7] };
    expect(attractiveness(0, params)).toBe(0.05);
    expect(attractiveness(1, params)).toBe(0.7);
    expect(attractiveness(3, params)).toBe(0.7);
  });

  it('click rank r of grade g at the rate examination × attractiveness, independently per rank', () => {
    const params = { eta: 1, attractiveness: [0.05, 0.7] };
    const grades = [1, 0, 1];
    const n = 20_000;
    const rng = createRng(11);
    const clicks = [0, 0, 0];
    for (let i = 0; i < n; i++) for (const rank of simulateClicks(grades, params, rng)) clicks[rank - 1]!++;
    near(clicks[0]! / n, (1 / 1) * 0.7, n);
    near(clicks[1]! / n, (1 / 2) * 0.05, n);
    near(clicks[2]! / n, (1 / 3) * 0.7, n);
  });

  it('ask queries with Zipf frequencies: the k-th most asked in proportion to 1/k^s', () => {
    const n = 30_000;
    const rng = createRng(5);
    const pick = zipfQueries(['a', 'b', 'c'], 1, rng);
    const counts = new Map<string, number>();
    for (let i = 0; i < n; i++) {
      const q = pick(rng);
      counts.set(q, (counts.get(q) ?? 0) + 1);
    }
    const sorted = [...counts.values()].sort((x, y) => y - x);
    const total = 1 + 1 / 2 + 1 / 3;
    [1, 1 / 2, 1 / 3].forEach((w, k) => near(sorted[k]! / n, w / total, n));
  });
});
