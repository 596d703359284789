import { describe, expect, it } from 'vitest';
import type { SearchCredit } from '../../../src/traffic/interleaving/search-credit.js';
import { pairPreferences } from '../../../src/traffic/interleaving/pair-preferences.js';
import type { LoggedInterleaving } from '../../../src/traffic/types.js';

const TD: LoggedInterleaving = { name: 'td', method: 'team-draft', arms: ['A', 'B'], teams: [] };

/** Searches won by A, won by B, tied (1 click each) and without clicks. */
function credits(winsA: number, winsB: number, ties: number, none = 0): SearchCredit[] {
  const make = (a: number, b: number, i: number): SearchCredit => ({
    search: { queryId: `q${i}`, userQuery: 'q', from: { file: 'log', line: i } },
    interleaving: TD,
    credit: new Map([
      ['A', a],
      ['B', b],
    ]),
  });
  const rows: [number, number][] = [
    ...Array<[number, number]>(winsA).fill([2, 1]),
    ...Array<[number, number]>(winsB).fill([0, 1]),
    ...Array<[number, number]>(ties).fill([1, 1]),
    ...Array<[number, number]>(none).fill([0, 0]),
  ];
  return rows.map(([a, b], i) => make(a, b, i));
}

describe('pairPreferences', () => {
  it('9 wins of 10: Δ 0.8, p = 2·11/2^10 below 0.05, A the winner, nothing more needed', () => {
    const [p] = pairPreferences(credits(9, 1, 0, 3));
    expect(p).toMatchObject({
      name: 'td',
      method: 'team-draft',
      arms: ['A', 'B'],
      searches: 10,
      searchesWithoutClicks: 3,
      wins: { A: 9, B: 1 },
      ties: 0,
      delta: (9 - 1) / 10,
      winner: 'A',
      moreSearchesNeeded: 0,
    });
    expect(p!.p).toBeCloseTo((2 * (1 + 10)) / 2 ** 10, 14);
    const [low, high] = p!.ci95!;
    expect(low).toBeLessThanOrEqual(0.8);
    expect(high).toBeGreaterThanOrEqual(0.8);
    // Resampling ten ±1 outcomes cannot give more than +1.
    expect(high).toBeLessThanOrEqual(1);
  });

  it('6 to 4 with 10 ties: undecided, and the searches to decide at Δ = 0.1 from the sign test size', () => {
    const [p] = pairPreferences(credits(6, 4, 10));
    expect(p!.delta).toBeCloseTo((6 - 4) / 20, 12);
    expect(p!.p).toBeCloseTo((2 * (1 + 10 + 45 + 120 + 210)) / 1024, 12);
    expect(p!.winner).toBeUndefined();
    // w = 0.6: ((0.979982 + 0.841621 · √0.24) / 0.1)² = (13.92286)² = 193.846 non-tied searches;
    // with half tied, 387.69 searches, 20 of them logged: ceil(367.69) = 368 more.
    expect(p!.moreSearchesNeeded).toBe(368);
    const [low, high] = p!.ci95!;
    expect(low).toBeLessThan(0.1);
    expect(high).toBeGreaterThan(0.1);
  });

  it('an even split cannot tell how many more; every search tied gives no p', () => {
    expect(pairPreferences(credits(5, 5, 2))[0]).toMatchObject({ delta: 0, p: 1, moreSearchesNeeded: undefined });
    const allTied = pairPreferences(credits(0, 0, 4))[0]!;
    expect(allTied).toMatchObject({ delta: 0, p: undefined, winner: undefined, moreSearchesNeeded: undefined });
    expect(allTied.ci95).toEqual([0, 0]);
    const none = pairPreferences(credits(0, 0, 0, 2))[0]!;
    expect(none).toMatchObject({ searches: 0, searchesWithoutClicks: 2, delta: undefined, ci95: undefined });
  });

  it('the interval is seeded: the same log gives the same interval', () => {
    const log = credits(7, 5, 3);
    expect(pairPreferences(log)[0]!.ci95).toEqual(pairPreferences(log)[0]!.ci95);
  });
});
