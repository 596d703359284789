import { compareIdBytes } from '../../ranking/id-order.js';
import type { RankedLeg } from '../ranked-list.js';

/**
 * Borda normalisation (ranx "borda", after Aslam & Montague 2001's Borda count): each list's
 * ranks become its Borda points over the C candidates (the documents of all the lists), as
 * shares of C,
 *
 *   norm_L(d) = (C - rank_L(d) + 1) / C       if L ranks d
 *             = (C - n_L + 1) / (2C)          if not: the mean of the shares L left unused
 *
 * so rank 1 gets 1 and every list is completed with the candidates it lacks, at one value
 * below its last. Unlike the other normalisations it needs all the lists at once (C), and it
 * gives every list every candidate: after it, CombMNZ's n(d) is the number of lists for every
 * document, and CombMIN/CombMAX range over all lists, as in ranx. The scores themselves are
 * not read. The missing candidates are appended to each leg in byte order of their ids.
 *
 * The row `borda` of NORM_TABLE (`--norm borda`) is this function, applied by fuseLists to the
 * legs of weight > 0: C counts the documents of the lists that are fused (ranx's, of all the
 * runs given to it, which are the same when no run is weighted 0).
 */
export function bordaNorm(legs: readonly RankedLeg[]): RankedLeg[] {
  const candidates = [...new Set(legs.flatMap((leg) => leg.ids))].sort(compareIdBytes);
  const c = candidates.length;
  return legs.map((leg) => {
    const held = new Set(leg.ids);
    const missing = candidates.filter((id) => !held.has(id));
    const absent = (c - leg.ids.length + 1) / (2 * c);
    return {
      ...leg,
      ids: [...leg.ids, ...missing],
      scores: [...leg.ids.map((_, i) => (c - i) / c), ...missing.map(() => absent)],
    };
  });
}
