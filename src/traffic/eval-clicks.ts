import { clickIps, type IpsResult, type RunRanking } from './click-ips.js';
import { DEFAULT_CLICK_ACTIONS, DEFAULT_IMPRESSION_ACTION, DEFAULT_MAX_RANK } from './click-models.js';
import { type PositionCurve, pbmCurve, swapCurve } from './examination-curve.js';
import { type SearchImpressions, searchImpressions } from './impressions.js';
import { fitPbm, type PbmImpression } from './pbm.js';
import { keyQuery } from './query-key.js';
import type { DroppedCount, Traffic } from './types.js';

export type EvalPropensities = 'pbm' | 'swap';
export const EVAL_PROPENSITIES: readonly EvalPropensities[] = ['pbm', 'swap'];

export interface EvalClicksOptions {
  propensities: EvalPropensities;
  k: number;
  maxRank?: number;
  clickActions?: readonly string[];
  keepPii?: boolean;
  seed?: number;
  samples?: number;
}

export interface EvalClicksResult extends IpsResult {
  /** The examination curve the weights came from, named by its estimate. */
  curve: PositionCurve;
  maxRank: number;
  /** Records the readers left out and clicks that could not be used, by reason. */
  dropped: DroppedCount[];
}

/**
 * `testbed eval-clicks`: a run's counterfactual click-through at k (click-ips.ts) with the
 * examination curve estimated from the same log, by PBM's EM over all its impressions or by its
 * swap interventions. Impressions and clicks are counted as the click judgements count them
 * (impressions.ts), within the top maxRank; a run's document beyond what the log shows is unseen.
 */
export function evalClicks(traffic: Traffic, run: RunRanking, options: EvalClicksOptions): EvalClicksResult {
  const maxRank = options.maxRank ?? DEFAULT_MAX_RANK;
  const seen = searchImpressions(traffic, {
    maxRank,
    clickActions: options.clickActions ?? DEFAULT_CLICK_ACTIONS,
    impressionAction: DEFAULT_IMPRESSION_ACTION,
  });
  const curve =
    options.propensities === 'swap'
      ? swapCurve(seen.searches, { maxRank, keepPii: options.keepPii })
      : pbmCurve(fitPbm(...pairImpressions(seen.searches, options.keepPii), { maxRank }));
  const result = clickIps(seen.searches, run, {
    k: options.k,
    propensity: curve.points.map((p) => p.value),
    ...(options.keepPii !== undefined && { keepPii: options.keepPii }),
    ...(options.seed !== undefined && { seed: options.seed }),
    ...(options.samples !== undefined && { samples: options.samples }),
  });
  return { ...result, curve, maxRank, dropped: [...traffic.dropped, ...seen.ignored] };
}

/** Every impression with its (query key, document) pair numbered: what PBM is fitted on. */
function pairImpressions(searches: readonly SearchImpressions[], keepPii = false): [PbmImpression[], number] {
  const pairs = new Map<string, number>();
  const impressions: PbmImpression[] = [];
  for (const { search, shown, clicked } of searches) {
    const key = keyQuery(search.userQuery, keepPii).key;
    for (const [doc, rank] of shown) {
      const id = `${key}\t${doc}`;
      let pair = pairs.get(id);
      if (pair === undefined) pairs.set(id, (pair = pairs.size));
      impressions.push({ pair, rank, clicked: clicked.has(doc) });
    }
  }
  return [impressions, pairs.size];
}
