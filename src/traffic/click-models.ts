import { InputError } from '../errors.js';
import { countQueries } from './count-queries.js';
import { searchImpressions } from './impressions.js';
import {
  logCtrCurve,
  pbmCurve,
  type PositionCtr,
  type PositionCurve,
  PROPENSITY_SOURCES,
  type PropensitySource,
  swapCurve,
} from './examination-curve.js';
import { DEFAULT_PRIOR_STRENGTH, fitPbm, type PbmImpression } from './pbm.js';
import { keyQuery } from './query-key.js';
import type { DroppedCount, Traffic } from './types.js';

export type ClickModel = 'ctr' | 'coec' | 'pbm';

export const CLICK_MODELS: readonly ClickModel[] = ['ctr', 'coec', 'pbm'];
export const DEFAULT_MAX_RANK = 10;
export const DEFAULT_CLICK_ACTIONS: readonly string[] = ['click'];
export const DEFAULT_IMPRESSION_ACTION = 'impression';
/** Scores at which a pair reaches grades 1, 2 and 3. */
export const DEFAULT_THRESHOLDS: Record<ClickModel, readonly number[]> = {
  coec: [0.5, 1, 2],
  ctr: [0.05, 0.2, 0.5],
  // PBM's attractiveness is the pair's click probability when shown first (θ_1 = 1).
  pbm: [0.3, 0.5, 0.7],
};

/**
 * A score within this of a threshold reaches it: E is a sum of fractions, so a COEC that is exactly
 * 2 on paper (2 clicks over 2/7 + 3/7 + 2/7) can come out as 1.9999999999999998 in floating point.
 */
export const REACH_TOLERANCE = 1e-9;

export interface ClickOptions {
  model: ClickModel;
  /** Pairs shown fewer times than this are dropped (too few to judge). */
  minImpressions: number;
  maxRank?: number;
  clickActions?: readonly string[];
  impressionAction?: string;
  /** Ascending scores; a pair's grade is how many it reaches. Default per model. */
  thresholds?: readonly number[];
  /** Key queries by their text as typed (must match the query set's `--keep-pii`). */
  keepPii?: boolean;
  /**
   * Where the examination of each ordinal comes from (coec and pbm): `log`, the log-wide
   * click-through (coec) or PBM's own EM (pbm); `swap`, the swap interventions of the log.
   */
  propensities?: PropensitySource;
  /** pbm: pseudo-impressions of the prior on attractiveness (pbm.ts; default 20). */
  priorStrength?: number;
}

/** One graded (query, document) pair. */
export interface ClickJudgement {
  queryKey: string;
  /** The query's display text (its most frequent form). */
  userQuery: string;
  docId: string;
  grade: number;
  score: number;
  clicks: number;
  impressions: number;
  expectedClicks: number;
  /**
   * The logged pipelines that showed the document for this query, each with its share of the
   * pair's impressions, largest first; `unknown` for searches whose log does not say.
   */
  servedBy: ServedShare[];
}

/** A logged pipeline and the share of a pair's impressions it served. */
export interface ServedShare {
  pipeline: string;
  share: number;
}

/** The label of searches whose log does not say what served them. */
export const UNKNOWN_SERVER = 'unknown';

export type { PositionCtr } from './examination-curve.js';

export interface ClickCounts {
  searches: number;
  searchesWithoutImpressions: number;
  impressions: number;
  clicks: number;
  impressionsAddedByClicks: number;
  impressionsMovedByClicks: number;
  queriesKept: number;
  pairsKept: number;
  pairsBelowMinImpressions: number;
  /** Searches, clicks and impression events not used, by reason. */
  ignored: DroppedCount[];
}

export interface ClickJudgements {
  model: ClickModel;
  thresholds: number[];
  minImpressions: number;
  maxRank: number;
  /** Sorted by query key, then document. */
  judgements: ClickJudgement[];
  /** Ordinals 1..maxRank. */
  ctrCurve: PositionCtr[];
  /** The examination curve the scores used, named by how it was estimated. */
  positionCurve: PositionCurve;
  counts: ClickCounts;
}

/**
 * Turns a log's clicks into graded judgements, so a corpus with traffic gets a gold set from what
 * its users chose rather than what someone guessed they would. Impressions and clicks are counted
 * per search as impressions.ts defines them (first ordinal per document, impression events over hit
 * lists, a click makes or moves its document's impression, one click per document and search).
 *
 * - Position CTR: ctr(p) = clicks at p / impressions at p over the whole log: how often any result
 *   shown at p is clicked, whatever it is. It measures position bias.
 * - Pairs are (query key of the search's masked, normalised text, document). For each pair:
 *   impressions I, clicks C, expected clicks E = sum over the pair's impressions of ctr(p of that
 *   impression): the clicks an average result would have got where this one was shown.
 * - `ctr` scores C / I, the plain baseline, which rewards documents for being shown high.
 * - `coec` scores C / E (0 when E = 0): clicks over expected clicks, as OpenSearch's Search
 *   Relevance Workbench defines COEC, so a document clicked as often as its positions predict
 *   scores 1 wherever it was shown. Unlike the Workbench, which takes one position per pair, E sums
 *   each impression at its own position: the textbook definition, exact when a document moves
 *   between positions from one search to the next.
 * - `pbm` scores the pair's attractiveness α in the position-based model fitted by EM over the
 *   whole log (pbm.ts), shrunk toward the log mean by a Beta prior of `priorStrength`
 *   pseudo-impressions, so a pair with little examined evidence (one click at rank 9) stays near
 *   the mean; E is then Σ θ(p) · m, the clicks a pair of mean attractiveness m would have got.
 * - `propensities: 'swap'` takes examination from the log's swap interventions instead
 *   (swap-propensities.ts): coec's curve becomes ctr(1) · p(p) (the first ordinal's click-through
 *   spread by the swap propensities, so scores keep their scale), pbm's θ is fixed to p.
 * - Pairs shown fewer than `minImpressions` times are dropped and counted.
 * - Grade = how many thresholds (ascending) the score reaches (score >= t, to within 1e-9 of floating-point
 *   error): 0..3 with the defaults
 *   (coec 0.5, 1, 2; ctr 0.05, 0.2, 0.5). Grade 0 means shown enough and not clicked enough: judged
 *   not relevant and kept, because metrics tell a judged non-relevant document from an unjudged one.
 */
export function clickJudgements(traffic: Traffic, options: ClickOptions): ClickJudgements {
  const { model, minImpressions } = options;
  const maxRank = options.maxRank ?? DEFAULT_MAX_RANK;
  if (!CLICK_MODELS.includes(model))
    throw new InputError(`must be one of ${CLICK_MODELS.join(', ')}, got "${model}"`, { field: 'model' });
  if (!Number.isSafeInteger(minImpressions) || minImpressions < 0)
    throw new InputError(`must be a non-negative integer, got ${minImpressions}`, { field: 'minImpressions' });
  if (!Number.isSafeInteger(maxRank) || maxRank < 1)
    throw new InputError(`must be a positive integer, got ${maxRank}`, { field: 'maxRank' });
  const propensities = options.propensities ?? 'log';
  if (!PROPENSITY_SOURCES.includes(propensities))
    throw new InputError(`must be one of ${PROPENSITY_SOURCES.join(', ')}, got "${propensities}"`, {
      field: 'propensities',
    });
  if (model === 'ctr' && propensities !== 'log')
    throw new InputError('the ctr model scores clicks over impressions and uses no position curve', {
      field: 'propensities',
    });
  const thresholds = [...(options.thresholds ?? DEFAULT_THRESHOLDS[model])];
  if (thresholds.some((t, i) => !Number.isFinite(t) || (i > 0 && t < thresholds[i - 1]!)))
    throw new InputError(`must be finite numbers in ascending order, got ${thresholds.join(', ')}`, {
      field: 'thresholds',
    });

  const seen = searchImpressions(traffic, {
    maxRank,
    clickActions: options.clickActions ?? DEFAULT_CLICK_ACTIONS,
    impressionAction: options.impressionAction ?? DEFAULT_IMPRESSION_ACTION,
  });

  const curve = Array.from(
    { length: maxRank },
    (_, i): PositionCtr => ({
      ordinal: i + 1,
      impressions: 0,
      clicks: 0,
      ctr: 0,
    }),
  );
  for (const { shown, clicked } of seen.searches)
    for (const [doc, ordinal] of shown) {
      const at = curve[ordinal - 1]!;
      at.impressions++;
      if (clicked.has(doc)) at.clicks++;
    }
  for (const at of curve) at.ctr = at.impressions > 0 ? at.clicks / at.impressions : 0;

  type Pair = Omit<ClickJudgement, 'userQuery' | 'grade' | 'score' | 'servedBy'> & { index: number };
  const pairs = new Map<string, Pair>();
  const served = new Map<string, Map<string, number>>();
  const impressions: PbmImpression[] = [];
  for (const { search, shown, clicked } of seen.searches) {
    const key = keyQuery(search.userQuery, options.keepPii).key;
    for (const [doc, ordinal] of shown) {
      const id = `${key}\t${doc}`;
      let pair = pairs.get(id);
      if (!pair)
        pairs.set(
          id,
          (pair = { queryKey: key, docId: doc, clicks: 0, impressions: 0, expectedClicks: 0, index: pairs.size }),
        );
      pair.impressions++;
      if (clicked.has(doc)) pair.clicks++;
      impressions.push({ pair: pair.index, rank: ordinal, clicked: clicked.has(doc) });
      if (!served.has(id)) served.set(id, new Map());
      const by = served.get(id)!;
      const server = search.servedBy ?? UNKNOWN_SERVER;
      by.set(server, (by.get(server) ?? 0) + 1);
    }
  }

  const swap = propensities === 'swap' ? swapCurve(seen.searches, { maxRank, keepPii: options.keepPii }) : undefined;
  let positionCurve: PositionCurve;
  let attractiveness: number[] = [];
  // The clicks a pair would be expected to get at each ordinal: E sums these over its impressions.
  let weight: number[];
  if (model === 'pbm') {
    const fit = fitPbm(impressions, pairs.size, {
      maxRank,
      priorStrength: options.priorStrength ?? DEFAULT_PRIOR_STRENGTH,
      ...(swap && { fixedExamination: swap.points.map((p) => Math.min(1, p.value)) }),
    });
    attractiveness = fit.attractiveness;
    positionCurve = swap ?? pbmCurve(fit);
    weight = fit.examination.map((t) => t * fit.priorMean);
  } else {
    positionCurve = swap ?? logCtrCurve(curve);
    const first = curve[0]!.ctr;
    weight = swap === undefined ? curve.map((at) => at.ctr) : swap.points.map((p) => p.value * first);
  }
  const byIndex = [...pairs.values()];
  for (const { pair, rank } of impressions) byIndex[pair]!.expectedClicks += weight[rank - 1]!;

  const display = new Map(
    countQueries(traffic.searches, { keepPii: options.keepPii }).queries.map((q) => [q.key, q.text]),
  );
  const judgements: ClickJudgement[] = [];
  let below = 0;
  for (const [id, { index, ...pair }] of pairs) {
    if (pair.impressions < minImpressions) {
      below++;
      continue;
    }
    const score =
      model === 'ctr'
        ? pair.clicks / pair.impressions
        : model === 'pbm'
          ? attractiveness[index]!
          : coec(pair.clicks, pair.expectedClicks);
    const grade = thresholds.filter((t) => score >= t - REACH_TOLERANCE).length;
    const servedBy = [...served.get(id)!]
      .map(([pipeline, n]) => ({ pipeline, share: n / pair.impressions }))
      .sort((a, b) => b.share - a.share || compare(a.pipeline, b.pipeline));
    judgements.push({ ...pair, userQuery: display.get(pair.queryKey) ?? '', grade, score, servedBy });
  }
  judgements.sort((a, b) => compare(a.queryKey, b.queryKey) || compare(a.docId, b.docId));

  return {
    model,
    thresholds,
    minImpressions,
    maxRank,
    judgements,
    ctrCurve: curve,
    positionCurve,
    counts: {
      searches: traffic.searches.length,
      searchesWithoutImpressions: seen.searchesWithoutImpressions,
      impressions: curve.reduce((sum, at) => sum + at.impressions, 0),
      clicks: seen.clicks,
      impressionsAddedByClicks: seen.impressionsAddedByClicks,
      impressionsMovedByClicks: seen.impressionsMovedByClicks,
      queriesKept: new Set(judgements.map((j) => j.queryKey)).size,
      pairsKept: judgements.length,
      pairsBelowMinImpressions: below,
      ignored: seen.ignored,
    },
  };
}

function coec(clicks: number, expected: number): number {
  return expected > 0 ? clicks / expected : 0;
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
