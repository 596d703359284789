import { compareIdBytes } from '../ranking/id-order.js';
import type { NormRow } from './norm-table.js';
import { normaliseLegs } from './normalise-legs.js';
import type { RankedLeg, RankedList } from './ranked-list.js';

/**
 * The legs a method combines, from the lists and one weight per list: each list's ids and the
 * scores the method reads (normalised by `norm`, through normaliseLegs, for the methods that read
 * normalised scores; raw otherwise). Lists weighted 0 are dropped before normalising: a list
 * switched off does not pad the candidates. The rest come in byte order of their names, so a
 * method that sums in leg order is independent of the order the lists were passed in. Shared by
 * fuseLists and the trained methods' fuseTrained.
 */
export function fusionLegs(lists: readonly RankedList[], weights: readonly number[], norm?: NormRow): RankedLeg[] {
  const legs = lists
    .map(
      ({ name, items }, i): RankedLeg => ({
        name,
        weight: weights[i]!,
        ids: items.map((item) => item.id),
        scores: items.map((item) => item.score),
      }),
    )
    .filter((leg) => leg.weight > 0)
    .sort((a, b) => compareIdBytes(a.name, b.name));
  return norm ? normaliseLegs(norm, legs) : legs;
}
