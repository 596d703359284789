import { describe, expect, it } from 'vitest';
import { searchImpressions } from '../../src/traffic/impressions.js';
import { swapPropensities } from '../../src/traffic/swap-propensities.js';
import type { LoggedEvent, LoggedSearch, Traffic } from '../../src/traffic/types.js';
import { event, search } from './build-traffic.js';

/** `count` searches of `query` showing `hits`, swapped at `swappedAt` (or not), the first `clicks[doc]` of them clicking doc. */
function searchesOf(
  prefix: string,
  query: string,
  hits: string[],
  count: number,
  clicks: Record<string, number>,
  swappedAt?: number,
): { searches: LoggedSearch[]; events: LoggedEvent[] } {
  const searches: LoggedSearch[] = [];
  const events: LoggedEvent[] = [];
  for (let i = 0; i < count; i++) {
    const id = `${prefix}-${i}`;
    searches.push(
      search(id, query, {
        hitIds: hits,
        ...(swappedAt !== undefined && { exploration: { method: 'swap', swapped: [swappedAt, swappedAt + 1] } }),
      }),
    );
    for (const [doc, n] of Object.entries(clicks))
      if (i < n) events.push(event(id, 'click', { objectId: doc, ordinal: hits.indexOf(doc) + 1 }));
  }
  return { searches, events };
}

function traffic(...parts: { searches: LoggedSearch[]; events: LoggedEvent[] }[]): Traffic {
  return { searches: parts.flatMap((p) => p.searches), events: parts.flatMap((p) => p.events), dropped: [] };
}

const seen = (t: Traffic, maxRank: number) =>
  searchImpressions(t, { maxRank, clickActions: ['click'], impressionAction: 'impression' }).searches;

describe('swapPropensities', () => {
  it('p2/p1 from 100 swaps: 30 clicks at rank 1 and 15 at rank 2 on the same two documents -> 0.5', () => {
    // The ranker shows a above b in 100 searches; 100 swapped searches show b above a.
    // Rank 1: a 20 of 100 (ranker order) + b 10 of 100 (swapped) = 30 clicks;
    // rank 2: b 5 of 100 + a 10 of 100 = 15. Each order has 100 searches, so
    // ĉ_1 = 20/100 + 10/100, ĉ_2 = 5/100 + 10/100 and p2/p1 = 0.15 / 0.3.
    const log = traffic(
      searchesOf('plain', 'reset password', ['a', 'b'], 100, { a: 20, b: 5 }),
      searchesOf('swap', 'reset password', ['b', 'a'], 100, { b: 10, a: 10 }, 1),
    );
    const result = swapPropensities(seen(log, 2), { maxRank: 2 });
    expect(result.swappedSearches).toBe(100);
    expect(result.ratios).toEqual([
      { ordinal: 1, ratio: (5 / 100 + 10 / 100) / (20 / 100 + 10 / 100), searches: 100, pairs: 1 },
    ]);
    expect(result.curve.map((p) => p.propensity)).toEqual([1, 0.15 / 0.3]);
  });

  it('weighs each order by its own searches: unequal counts do not let the more attractive document dominate', () => {
    // 300 ranker-order searches (a clicked 90 times at 1, b 30 at 2) against 100 swapped ones
    // (b 20 at 1, a 15 at 2): ĉ_1 = 90/300 + 20/100, ĉ_2 = 30/300 + 15/100.
    const log = traffic(
      searchesOf('plain', 'q', ['a', 'b'], 300, { a: 90, b: 30 }),
      searchesOf('swap', 'q', ['b', 'a'], 100, { b: 20, a: 15 }, 1),
    );
    const [ratio] = swapPropensities(seen(log, 2), { maxRank: 2 }).ratios;
    expect(ratio!.ratio).toBeCloseTo((30 / 300 + 15 / 100) / (90 / 300 + 20 / 100), 12);
  });

  it('chains the ratios from p1 = 1 and carries the last estimate past an ordinal with no swap', () => {
    // Ranker: a b c d. Swaps at 1 (b a c d) and at 2 (a c b d); none at 3, so {c,d} is only ever
    // seen one way round.
    const log = traffic(
      searchesOf('plain', 'q', ['a', 'b', 'c', 'd'], 100, { a: 40, b: 20, c: 10 }),
      searchesOf('swap1', 'q', ['b', 'a', 'c', 'd'], 100, { b: 40, a: 20, c: 10 }, 1),
      searchesOf('swap2', 'q', ['a', 'c', 'b', 'd'], 100, { a: 40, c: 10, b: 10 }, 2),
    );
    const result = swapPropensities(seen(log, 4), { maxRank: 4 });
    // (1,2): {a,b}: ab 100 searches (40 at 1, 20 at 2), ba 100 (40 at 1, 20 at 2) -> (0.2+0.2)/(0.4+0.4).
    // (2,3): {b,c}: bc in plain (20 at 2, 10 at 3), cb in swap2 (10 at 2, 10 at 3)
    //        -> (10/100 + 10/100) / (20/100 + 10/100). (swap1 shows a c there: another pair.)
    expect(result.ratios[0]!.ratio).toBeCloseTo(0.4 / 0.8, 12);
    expect(result.ratios[1]!.ratio).toBeCloseTo(0.2 / 0.3, 12);
    expect(result.ratios[1]!.searches).toBe(100);
    expect(result.ratios[2]!.ratio).toBeUndefined();
    expect(result.curve.map((p) => [p.propensity, p.estimated])).toEqual([
      [1, true],
      [0.5, true],
      [expect.closeTo(0.5 * (0.2 / 0.3), 12), true],
      [expect.closeTo(0.5 * (0.2 / 0.3), 12), false],
    ]);
  });

  it('harvests nothing from both orders when no search swapped them (two rankers are not an intervention)', () => {
    const log = traffic(
      searchesOf('one', 'q', ['a', 'b'], 50, { a: 10, b: 5 }),
      searchesOf('two', 'q', ['b', 'a'], 50, { b: 10, a: 5 }),
    );
    const result = swapPropensities(seen(log, 2), { maxRank: 2 });
    expect(result.swappedSearches).toBe(0);
    expect(result.ratios[0]).toEqual({ ordinal: 1, searches: 0, pairs: 0 });
  });
});
