import { describe, expect, it } from 'vitest';
import { interleavesSearch, mergeForSearch } from '../../src/serving/interleavings/query-coins.js';

const arms = [
  { name: 'A', ids: ['a1', 'a2', 'a3'] },
  { name: 'B', ids: ['b1', 'b2', 'b3'] },
];
const ids = Array.from({ length: 2000 }, (_, i) => `query-${i}`);

describe('coin flips seeded by the query_id', () => {
  it('give the same merge for the same query_id, and each arm the first pick for some query_ids', () => {
    for (const id of ids.slice(0, 20))
      expect(mergeForSearch('team-draft', arms, 6, id)).toEqual(mergeForSearch('team-draft', arms, 6, id));
    const leaders = new Set(ids.slice(0, 50).map((id) => mergeForSearch('team-draft', arms, 6, id).teams[0]));
    expect([...leaders].sort()).toEqual(['A', 'B']);
  });

  it('interleave every search at share 1, and about `share` of them below it', () => {
    expect(ids.every((id) => interleavesSearch(id, 1))).toBe(true);
    const share = 0.3;
    const taken = ids.filter((id) => interleavesSearch(id, share)).length / ids.length;
    // Binomial: sd = sqrt(0.3 * 0.7 / 2000) = 0.0102; these 2,000 fixed ids fall within 3 sd.
    expect(Math.abs(taken - share)).toBeLessThan(3 * Math.sqrt((share * (1 - share)) / ids.length));
  });
});
