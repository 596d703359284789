import { describe, expect, it } from 'vitest';
import { clickIps } from '../../src/traffic/click-ips.js';
import { searchImpressions } from '../../src/traffic/impressions.js';
import { normalizeQuery, queryKey } from '../../src/traffic/query-key.js';
import type { Traffic } from '../../src/traffic/types.js';
import { event, search } from './build-traffic.js';

const key = (text: string) => queryKey(normalizeQuery(text));
const click = (queryId: string, objectId: string, ordinal: number) => event(queryId, 'click', { objectId, ordinal });

/**
 * Propensities p = [1, 0.5, 0.25]; the run ranks "reset password" [a, d, ...] and "install linux"
 * [x, y]; k = 2.
 *
 *   s1 reset password  a b c   clicks a@1, c@3   IPS = 1/1 (a in top 2)     W = 1/1 + 1/0.25 = 5
 *   s2 reset password  b a d   click  a@2        IPS = 1/0.5 = 2            W = 2
 *   s3 reset password  a b c   no click          IPS = 0                    W = 0
 *   s4 install linux   x       click  x@1        IPS = 1                    W = 1
 *   s5 plans           p       click  p@1        the run does not rank it: left out
 *
 *   IPS = (1 + 2 + 0 + 1) / 4 = 1;  SNIPS = (1 + 2 + 0 + 1) / (5 + 2 + 0 + 1) = 0.5
 *   top-2 slots: a, d (both shown for reset password: d in s2), x, y (y never shown) -> 1 of 4 unseen.
 */
const TRAFFIC: Traffic = {
  searches: [
    search('s1', 'reset password', { hitIds: ['a', 'b', 'c'] }),
    search('s2', 'Reset Password', { hitIds: ['b', 'a', 'd'] }),
    search('s3', 'reset password', { hitIds: ['a', 'b', 'c'] }),
    search('s4', 'install linux', { hitIds: ['x'] }),
    search('s5', 'plans', { hitIds: ['p'] }),
  ],
  events: [click('s1', 'a', 1), click('s1', 'c', 3), click('s2', 'a', 2), click('s4', 'x', 1), click('s5', 'p', 1)],
  dropped: [],
};
const RUN = new Map([
  [key('reset password'), [{ id: 'a' }, { id: 'd' }, { id: 'c' }]],
  [key('install linux'), [{ id: 'x' }, { id: 'y' }]],
  [key('never searched'), [{ id: 'z' }]],
]);
const seen = searchImpressions(TRAFFIC, { maxRank: 3, clickActions: ['click'], impressionAction: 'impression' });

describe('clickIps', () => {
  const result = clickIps(seen.searches, RUN, { k: 2, propensity: [1, 0.5, 0.25] });

  it('weighs each click in the run top k by 1 / propensity of where the log showed it', () => {
    expect(result.ips.estimate).toBeCloseTo((1 + 2 + 0 + 1) / 4, 12);
    expect(result.snips.estimate).toBeCloseTo((1 + 2 + 0 + 1) / (5 + 2 + 0 + 1), 12);
    expect(result).toMatchObject({ searches: 4, searchesOutsideRun: 1, clicks: 4, clicksInTopK: 3, queries: 2 });
  });

  it('counts the top-k slots the log never showed for their query', () => {
    expect(result).toMatchObject({ slots: 4, unseenSlots: 1, unseenShare: 1 / 4 });
  });

  it('brackets each estimate with a bootstrap interval over the searches', () => {
    // Resampling the four searches: IPS means lie between 0 (all s3) and 2 (all s2).
    const [low, high] = result.ips.ci95;
    expect(low).toBeGreaterThanOrEqual(0);
    expect(high).toBeLessThanOrEqual(2);
    expect(low).toBeLessThan(result.ips.estimate);
    expect(high).toBeGreaterThan(result.ips.estimate);
    expect(result.snips.ci95[0]).toBeLessThanOrEqual(result.snips.estimate);
    expect(result.snips.ci95[1]).toBeGreaterThanOrEqual(result.snips.estimate);
    // Four searches cannot pin it down: the interval is wider than the estimate.
    expect(result.verdict).toMatch(/^too wide to decide/);
    expect(result.verdict).toContain("25% of the run's top 2 was never shown");
  });

  it('decides once the searches agree: identical searches give a zero-width interval', () => {
    const many: Traffic = {
      searches: Array.from({ length: 50 }, (_, i) => search(`m${i}`, 'install linux', { hitIds: ['x', 'y'] })),
      events: Array.from({ length: 50 }, (_, i) => click(`m${i}`, 'y', 2)),
      dropped: [],
    };
    const all = searchImpressions(many, { maxRank: 2, clickActions: ['click'], impressionAction: 'impression' });
    const r = clickIps(all.searches, RUN, { k: 2, propensity: [1, 0.5] });
    expect(r.ips).toEqual({ estimate: 2, ci95: [2, 2] });
    expect(r.snips).toEqual({ estimate: 1, ci95: [1, 1] });
    expect(r.verdict).toMatch(/^runs whose estimates differ by more than about 0\.0000/);
  });

  it('has nothing to estimate when no logged search is of a query the run ranks', () => {
    const r = clickIps(seen.searches, new Map([['log-000000000000', [{ id: 'a' }]]]), { k: 1, propensity: [1] });
    expect(r.searches).toBe(0);
    expect(Number.isNaN(r.ips.estimate)).toBe(true);
    expect(r.verdict).toMatch(/nothing to estimate/);
  });
});
