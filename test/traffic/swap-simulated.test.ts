import { describe, expect, it } from 'vitest';
import { createRng } from '../../src/stats/prng.js';
import { logCtrCurve } from '../../src/traffic/examination-curve.js';
import { clickIps } from '../../src/traffic/click-ips.js';
import { clickJudgements } from '../../src/traffic/click-models.js';
import { normalizeQuery, queryKey } from '../../src/traffic/query-key.js';
import { searchImpressions } from '../../src/traffic/impressions.js';
import { swapPropensities } from '../../src/traffic/swap-propensities.js';
import type { LoggedEvent, LoggedSearch, Traffic } from '../../src/traffic/types.js';

/**
 * A ranker that is good (it orders every query's five documents by attractiveness), users who
 * click by the position-based model with known examination θ, and a server swapping one adjacent
 * pair in half the searches. The log-wide click-through falls faster than θ, because the ranker
 * puts the attractive documents first; the swap estimate recovers θ.
 */
const THETA = [1, 0.6, 0.4, 0.3, 0.2];
const QUERIES = 20;
const SEARCHES = 20_000;

/** Documents d0..d4 of query q: attractiveness falling with the ranker's order. */
function attractiveness(q: number): number[] {
  return [0.9, 0.6, 0.4, 0.25, 0.1].map((a) => a * (0.7 + (0.3 * q) / QUERIES));
}

function simulate(): Traffic {
  const rng = createRng(11);
  const searches: LoggedSearch[] = [];
  const events: LoggedEvent[] = [];
  for (let s = 0; s < SEARCHES; s++) {
    const q = s % QUERIES;
    const alpha = attractiveness(q);
    const order = [0, 1, 2, 3, 4];
    let exploration: LoggedSearch['exploration'];
    if (rng() < 0.5) {
      const i = Math.floor(rng() * 4);
      [order[i], order[i + 1]] = [order[i + 1]!, order[i]!];
      exploration = { method: 'swap', swapped: [i + 1, i + 2] };
    }
    const id = `s${s}`;
    const hitIds = order.map((d) => `q${q}-d${d}`);
    searches.push({
      queryId: id,
      userQuery: `query ${q}`,
      hitIds,
      ...(exploration && { exploration }),
      from: { file: 'sim', line: s + 1 },
    });
    order.forEach((d, r) => {
      if (rng() < THETA[r]! * alpha[d]!)
        events.push({
          queryId: id,
          action: 'click',
          objectId: hitIds[r],
          ordinal: r + 1,
          from: { file: 'sim', line: 0 },
        });
    });
  }
  return { searches, events, dropped: [] };
}

describe('swap propensities on a simulated log', () => {
  const traffic = simulate();
  const seen = searchImpressions(traffic, { maxRank: 5, clickActions: ['click'], impressionAction: 'impression' });

  it('recover θ within 0.05 where the log-wide click-through, normalised at rank 1, does not', () => {
    // About 2,500 swapped searches per adjacent pair over 20 queries: each ĉ rests on about 125
    // swapped and 500 ranker-order searches per query, a relative standard error near 0.04 at
    // the deepest ratio and 0.015 on the chained p_5 = 0.2: 0.05 is over three of them.
    const swap = swapPropensities(seen.searches, { maxRank: 5 });
    swap.curve.forEach((p, r) => expect(Math.abs(p.propensity - THETA[r]!), `rank ${r + 1}`).toBeLessThan(0.05));
    const ctr = logCtrCurve(clickJudgements(traffic, { model: 'coec', minImpressions: 0, maxRank: 5 }).ctrCurve);
    const first = ctr.points[0]!.value;
    const worst = Math.max(...ctr.points.map((p, r) => Math.abs(p.value / first - THETA[r]!)));
    expect(worst).toBeGreaterThan(0.1);
  });

  it("PBM's EM over the same log (the swaps make θ identifiable) finds θ within 0.05 too", () => {
    const pbm = clickJudgements(traffic, { model: 'pbm', minImpressions: 0, maxRank: 5 });
    expect(pbm.positionCurve.label).toMatch(/^PBM examination, EM \(\d+ iterations\)$/);
    pbm.positionCurve.points.forEach((p, r) =>
      expect(Math.abs(p.value - THETA[r]!), `rank ${r + 1}`).toBeLessThan(0.05),
    );
  });

  it('PBM fixed to the swap propensities grades the documents in their attractiveness order', () => {
    const pbm = clickJudgements(traffic, { model: 'pbm', minImpressions: 0, maxRank: 5, propensities: 'swap' });
    const query0 = pbm.judgements.filter((j) => j.userQuery === 'query 0').map((j) => j.score);
    // d0..d4 of query 0 have α 0.63, 0.42, 0.28, 0.175, 0.07 (0.7 × the list): scores fall in that order.
    expect(query0.every((score, i) => i === 0 || score < query0[i - 1]!)).toBe(true);
    expect(query0[0]).toBeGreaterThan(0.55);
  });

  it('IPS with the swap propensities finds the click-through of a run that reverses the ranker', () => {
    // The run puts each query's two least attractive documents first. Were each examined as the
    // first result is, a search would click them α_d4 + α_d3 times: averaged over the queries
    // (searched equally often), that is the truth the estimate must find.
    const run = new Map(
      Array.from({ length: QUERIES }, (_, q) => [
        queryKey(normalizeQuery(`query ${q}`)),
        [4, 3, 2, 1, 0].map((d) => ({ id: `q${q}-d${d}` })),
      ]),
    );
    const truth =
      Array.from({ length: QUERIES }, (_, q) => attractiveness(q)[4]! + attractiveness(q)[3]!).reduce((a, b) => a + b) /
      QUERIES;
    // With the true examination, the interval over searches covers the truth.
    const exact = clickIps(seen.searches, run, { k: 2, propensity: THETA });
    expect(exact.unseenShare).toBe(0);
    expect(exact.ips.ci95[0]).toBeLessThan(truth);
    expect(exact.ips.ci95[1]).toBeGreaterThan(truth);
    // With the swap estimate, within 15%: the interval is over searches with the propensities held,
    // so it leaves out their own error (here p_4 and p_5 came out about 10% high, and the run's
    // documents were mostly shown there, so the estimate is about 10% low).
    const swap = swapPropensities(seen.searches, { maxRank: 5 }).curve.map((p) => p.propensity);
    const estimated = clickIps(seen.searches, run, { k: 2, propensity: swap });
    expect(Math.abs(estimated.ips.estimate - truth) / truth).toBeLessThan(0.15);
    // The log-wide click-through as propensities over-weights the deep clicks: far outside.
    const ctr = clickJudgements(traffic, { model: 'coec', minImpressions: 0, maxRank: 5 }).ctrCurve;
    const biased = clickIps(seen.searches, run, { k: 2, propensity: ctr.map((p) => p.ctr / ctr[0]!.ctr) });
    expect(biased.ips.ci95[0]).toBeGreaterThan(truth * 1.5);
  });
});
