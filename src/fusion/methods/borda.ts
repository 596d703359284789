import type { FusionMethodSpec } from '../method-spec.js';
import { reduceValues, sumValues } from './gather.js';

/**
 * Borda count (Aslam & Montague 2001; ranx "bordafuse", weighted as ranx's weighted_bordafuse).
 * With C candidates (the documents of all the lists), list L of length n_L gives
 *
 *   points_L(d) = C - rank_L(d) + 1            if L ranks d
 *               = (C - n_L + 1) / 2            if not: the mean of the points L left unused (1 .. C - n_L)
 *
 *   borda(d) = Σ_L w_L · points_L(d)           over every list, holding d or not (added smallest first)
 *
 * Reads ranks only. A document absent from a list is not given 0 but the average of the
 * places below that list's last: missing from a short list costs less than from a long one.
 */
export const borda: FusionMethodSpec = {
  kind: 'rank',
  params: ['weights'],
  combine(legs) {
    const candidates = [...new Set(legs.flatMap((leg) => leg.ids))];
    const c = candidates.length;
    const points = new Map<string, number[]>(candidates.map((id) => [id, []]));
    for (const leg of legs) {
      const rank = new Map(leg.ids.map((id, i) => [id, i + 1]));
      const unranked = (c - leg.ids.length + 1) / 2;
      for (const id of candidates) {
        const r = rank.get(id);
        points.get(id)!.push(leg.weight * (r === undefined ? unranked : c - r + 1));
      }
    }
    return reduceValues(points, sumValues);
  },
};
