import type { FusionMethodSpec } from '../method-spec.js';
import { sumOver } from './gather.js';

/**
 * Distribution-based score fusion (Mazzeschi 2023), as Qdrant implements it (score_fusion.rs,
 * `distr_norm` then a weighted sum). Each list is min-max normalised between three sample
 * standard deviations either side of its mean,
 *
 *   lo = mean - 3·sd,  hi = mean + 3·sd,   sd = sqrt(Σ (s - mean)² / (n - 1))   (sample sd, Qdrant's)
 *   norm(s) = (s - lo) / (hi - lo)                                              (not clamped)
 *
 *   dbsf(d) = Σ_{L ∋ d} w_L · norm_L(d)
 *
 * Qdrant does not clamp: a score beyond 3 sd maps outside [0, 1], and so does it here. A list of
 * one item, or of equal scores (lo = hi), gives every item 0.5, as Qdrant does. A document
 * absent from a list gets 0 from it. --norm does not apply: the method is its own normalisation.
 */
export const dbsf: FusionMethodSpec = {
  kind: 'score',
  params: ['weights'],
  combine(legs) {
    const normalised = new Map(legs.map((leg) => [leg, threeSigmaNorm(leg.scores)]));
    return sumOver(legs, (leg, i) => leg.weight * normalised.get(leg)![i]!);
  },
};

/** Qdrant's `distr_norm`: min-max between mean ± 3 sample sd; 0.5 for one item or zero spread. */
export function threeSigmaNorm(scores: readonly number[]): number[] {
  const n = scores.length;
  if (n < 2) return scores.map(() => 0.5);
  // Shifted by the first score (it cancels in s - lo), so close large scores keep their digits.
  const shift = scores[0]!;
  const d = scores.map((s) => s - shift);
  const mean = d.reduce((a, x) => a + x, 0) / n;
  const sd = Math.sqrt(d.reduce((a, x) => a + (x - mean) ** 2, 0) / (n - 1));
  const lo = mean - 3 * sd;
  const hi = mean + 3 * sd;
  return d.map((x) => (hi > lo ? (x - lo) / (hi - lo) : 0.5));
}
