import { InputError } from '../errors.js';
import type { SearchImpressions } from './impressions.js';
import type { PbmFit } from './pbm.js';
import { swapPropensities, type SwapRatio } from './swap-propensities.js';

/** Click-through at one ordinal over the whole log. */
export interface PositionCtr {
  ordinal: number;
  impressions: number;
  clicks: number;
  /** clicks / impressions; 0 when nothing was shown there. */
  ctr: number;
}

/** Where examination by ordinal comes from: the log itself (its click-through, or PBM's EM), or its swaps. */
export type PropensitySource = 'log' | 'swap';
export const PROPENSITY_SOURCES: readonly PropensitySource[] = ['log', 'swap'];

/** How a position curve was estimated. */
export type CurveEstimate = 'log-ctr' | 'pbm-em' | 'swap';

export interface CurvePoint {
  ordinal: number;
  /** The curve at this ordinal (its meaning: see PositionCurve.estimate). */
  value: number;
  /** False where the estimate has nothing to go on (no impressions; no swap ratio reached it). */
  estimated: boolean;
  /** What backs the value, for the printed curve. */
  detail: string;
}

/**
 * A position curve, named by how it was estimated, since the three mean different things:
 * `log-ctr` is click-through by ordinal over the whole log (position bias and the ranker's
 * precision together: good rankers put clickable documents high); `pbm-em` is PBM's examination
 * θ (θ_1 = 1) fitted by EM; `swap` is examination relative to ordinal 1 from randomised swaps.
 */
export interface PositionCurve {
  estimate: CurveEstimate;
  /** The name printed above the curve. */
  label: string;
  points: CurvePoint[];
  /** swap: the ratios the curve chains, each with the swapped searches behind it. */
  ratios?: SwapRatio[];
}

/** The log-wide click-through curve, as the coec model has always used it. */
export function logCtrCurve(curve: readonly PositionCtr[]): PositionCurve {
  return {
    estimate: 'log-ctr',
    label: 'log-wide CTR (mixes ranker precision in)',
    points: curve.map((at) => ({
      ordinal: at.ordinal,
      value: at.ctr,
      estimated: at.impressions > 0,
      detail: at.impressions > 0 ? `${at.clicks} clicks / ${at.impressions} impressions` : 'nothing shown there',
    })),
  };
}

/** PBM's fitted examination θ. */
export function pbmCurve(fit: PbmFit): PositionCurve {
  return {
    estimate: 'pbm-em',
    label: `PBM examination, EM (${fit.iterations} iterations${fit.converged ? '' : ', not converged'})`,
    points: fit.examination.map((value, r) => ({
      ordinal: r + 1,
      value,
      estimated: true,
      detail: r === 0 ? 'fixed at 1: sets the scale' : 'θ',
    })),
  };
}

/**
 * Examination relative to ordinal 1 from the log's swap interventions (swap-propensities.ts). A log
 * without any swap is an error: there is nothing to estimate from, and falling back silently would
 * print one estimate under another's name.
 */
export function swapCurve(
  searches: readonly SearchImpressions[],
  options: { maxRank: number; keepPii?: boolean | undefined },
): PositionCurve {
  const swaps = swapPropensities(searches, { maxRank: options.maxRank, keepPii: options.keepPii === true });
  if (swaps.swappedSearches === 0)
    throw new InputError(
      'the log has no swap interventions to estimate propensities from: serve with --log-queries DIR --explore swap --explore-rate R first',
      { field: 'propensities' },
    );
  return {
    estimate: 'swap',
    label: `swap interventions, ${swaps.swappedSearches} searches`,
    ratios: swaps.ratios,
    points: swaps.curve.map((p) => {
      const ratio = swaps.ratios[p.ordinal - 2];
      return {
        ordinal: p.ordinal,
        value: p.propensity,
        estimated: p.estimated,
        detail:
          p.ordinal === 1
            ? 'fixed at 1'
            : !p.estimated
              ? 'no usable swap reached it: carried from above'
              : `×${ratio!.ratio!.toFixed(4)} from ${ratio!.searches} swapped searches over ${ratio!.pairs} pairs`,
      };
    }),
  };
}
