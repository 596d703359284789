import { InputError } from '../errors.js';
import { quantile } from '../stats/bootstrap.js';
import { createRng, DEFAULT_SEED, randomIndex } from '../stats/prng.js';
import type { SearchImpressions } from './impressions.js';
import { keyQuery } from './query-key.js';

/** A run's ranking per query id (best first), as far as it goes. */
export type RunRanking = ReadonlyMap<string, readonly { id: string }[]>;

export interface IpsOptions {
  /** The run's top k is scored. */
  k: number;
  /** Examination relative to ordinal 1 at ordinals 1..maxRank (p[0] = 1). */
  propensity: readonly number[];
  keepPii?: boolean;
  /** Bootstrap resamples (default 2,000). */
  samples?: number;
  seed?: number;
}

export interface Estimate {
  estimate: number;
  /** Percentile bootstrap 95% interval over searches; NaN when no search was used. */
  ci95: [number, number];
}

export interface IpsResult {
  k: number;
  /** Searches whose query the run ranks: the ones estimated over. */
  searches: number;
  /** Logged searches of queries the run does not rank (left out). */
  searchesOutsideRun: number;
  /** Clicks in the searches used, and how many fell on the run's top k. */
  clicks: number;
  clicksInTopK: number;
  /** Run queries with at least one logged search. */
  queries: number;
  /** Of those queries' top-k slots, how many hold a document the log never showed for that query. */
  slots: number;
  unseenSlots: number;
  /** unseenSlots / slots (0 when there are none). */
  unseenShare: number;
  ips: Estimate;
  snips: Estimate;
  verdict: string;
}

export const DEFAULT_IPS_SAMPLES = 2000;

/**
 * Counterfactual click-through at k of a run from logged clicks (inverse propensity scoring,
 * Joachims, Swaminathan & Schnabel 2017; the self-normalised form of Swaminathan & Joachims 2015).
 * For a logged search s of query q, with C_s its clicked documents, r_s(d) the ordinal d was shown
 * at and p the examination curve (p_1 = 1):
 *
 *   IPS_s = Σ_{d ∈ C_s ∩ top_k(run, q)} 1 / p(r_s(d))
 *   W_s   = Σ_{d ∈ C_s}                  1 / p(r_s(d))
 *
 *   IPS   = (1/N) Σ_s IPS_s         the clicks per search the run's top k would get if every one
 *                                   of its documents were examined as the first result is
 *                                   (unbiased under the position-based model, when p is right and
 *                                   every document of the top k could have been shown)
 *   SNIPS = Σ_s IPS_s / Σ_s W_s     the share of the log's propensity-weighted clicks that land in
 *                                   the run's top k (0 to 1): the weights normalised by their own
 *                                   sum, which trades a little bias for much less variance when a
 *                                   few clicks deep in the list carry large weights
 *
 * over the N logged searches whose query the run ranks (query ids are the log keys of
 * query-key.ts, as `testbed queries sample` and `gold from-clicks` write them). Each interval is
 * a percentile bootstrap over searches (resampled with replacement, SNIPS as the ratio of the
 * resampled sums), with the propensities held: their own estimation error is not in the interval
 * (on a simulated log, swap propensities 10% high at ranks 4 and 5 put a run's estimate 10% low,
 * outside an interval that covered the truth with the true θ). A document of the run's top k that no logged search of its query showed can
 * never be clicked in the log, so the estimate cannot see it: the share of such slots is
 * reported, and the estimates count them as 0.
 */
export function clickIps(searches: readonly SearchImpressions[], run: RunRanking, options: IpsOptions): IpsResult {
  const { k, propensity } = options;
  if (!Number.isSafeInteger(k) || k < 1) throw new InputError(`must be a positive integer, got ${k}`, { field: 'k' });
  if (propensity.length === 0 || propensity.some((p) => !(p >= 0) || !Number.isFinite(p)))
    throw new InputError('propensities must be non-negative numbers', { field: 'propensity' });
  // A propensity of 0 (PBM's θ at an ordinal never clicked) is never a clicked document's.
  const weight = (ordinal: number) => {
    const p = propensity[Math.min(ordinal, propensity.length) - 1]!;
    if (p === 0) throw new InputError(`a click at ordinal ${ordinal}, whose propensity is 0`);
    return 1 / p;
  };

  const ips: number[] = [];
  const totals: number[] = [];
  let outside = 0;
  let clicks = 0;
  let clicksInTopK = 0;
  const shownFor = new Map<string, Set<string>>();
  for (const { search, shown, clicked } of searches) {
    const key = keyQuery(search.userQuery, options.keepPii).key;
    const ranking = run.get(key);
    if (ranking === undefined) {
      outside++;
      continue;
    }
    let seen = shownFor.get(key);
    if (!seen) shownFor.set(key, (seen = new Set()));
    for (const doc of shown.keys()) seen.add(doc);
    const top = new Set(ranking.slice(0, k).map((d) => d.id));
    let inTop = 0;
    let all = 0;
    for (const doc of clicked) {
      const w = weight(shown.get(doc)!);
      all += w;
      clicks++;
      if (top.has(doc)) {
        inTop += w;
        clicksInTopK++;
      }
    }
    ips.push(inTop);
    totals.push(all);
  }

  let slots = 0;
  let unseenSlots = 0;
  for (const [key, seen] of shownFor)
    for (const d of run.get(key)!.slice(0, k)) {
      slots++;
      if (!seen.has(d.id)) unseenSlots++;
    }

  const n = ips.length;
  const sumIps = ips.reduce((a, b) => a + b, 0);
  const sumAll = totals.reduce((a, b) => a + b, 0);
  const intervals = bootstrapBoth(ips, totals, options.samples ?? DEFAULT_IPS_SAMPLES, options.seed ?? DEFAULT_SEED);
  const result = {
    k,
    searches: n,
    searchesOutsideRun: outside,
    clicks,
    clicksInTopK,
    queries: shownFor.size,
    slots,
    unseenSlots,
    unseenShare: slots > 0 ? unseenSlots / slots : 0,
    ips: { estimate: n > 0 ? sumIps / n : NaN, ci95: intervals.ips },
    snips: { estimate: sumAll > 0 ? sumIps / sumAll : NaN, ci95: intervals.snips },
  };
  return { ...result, verdict: verdict(result) };
}

/**
 * What the estimate can be used for. Too wide to decide when the IPS interval is wider than the
 * estimate itself: a run scoring half as well, or twice, would fit it as well.
 */
export function verdict(r: Omit<IpsResult, 'verdict'>): string {
  if (r.searches === 0) return 'no logged search of a query this run ranks: nothing to estimate';
  if (r.clicks === 0) return 'the logged searches of these queries have no clicks: nothing to estimate';
  const [low, high] = r.ips.ci95;
  const width = high - low;
  const unseen =
    r.unseenShare > 0
      ? `; ${(r.unseenShare * 100).toFixed(0)}% of the run's top ${r.k} was never shown, and counts as unclicked (the estimate is a lower bound there)`
      : '';
  if (!(width <= r.ips.estimate))
    return `too wide to decide: the 95% interval (${width.toFixed(4)} wide) is wider than the estimate ${r.ips.estimate.toFixed(4)}; log more searches${unseen}`;
  return `runs whose estimates differ by more than about ${(width / 2).toFixed(4)} clicks per search can be told apart${unseen}`;
}

/** Percentile bootstrap (2.5%, 97.5%) of mean(IPS_s) and Σ IPS_s / Σ W_s, resampling searches together. */
function bootstrapBoth(
  ips: readonly number[],
  totals: readonly number[],
  samples: number,
  seed: number,
): { ips: [number, number]; snips: [number, number] } {
  const n = ips.length;
  if (n === 0) return { ips: [NaN, NaN], snips: [NaN, NaN] };
  const rng = createRng(seed);
  const means = new Float64Array(samples);
  const ratios = new Float64Array(samples);
  for (let b = 0; b < samples; b++) {
    let sumIps = 0;
    let sumAll = 0;
    for (let i = 0; i < n; i++) {
      const at = randomIndex(rng, n);
      sumIps += ips[at]!;
      sumAll += totals[at]!;
    }
    means[b] = sumIps / n;
    ratios[b] = sumAll > 0 ? sumIps / sumAll : 0;
  }
  means.sort();
  ratios.sort();
  return {
    ips: [quantile(means, 0.025), quantile(means, 0.975)],
    snips: [quantile(ratios, 0.025), quantile(ratios, 0.975)],
  };
}
