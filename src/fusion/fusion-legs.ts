import { compareIdBytes } from '../ranking/id-order.js';
import type { Leg, RankedList } from './ranked-list.js';

/**
 * The legs a method combines, from the lists and one weight per list: each list's ids and the
 * scores the method reads (`normalise`d for the methods that read normalised scores, raw
 * otherwise). Lists weighted 0 are dropped: a list switched off does not pad the candidates.
 * The rest come in byte order of their names, so a method that sums in leg order is independent
 * of the order the lists were passed in. Shared by fuseLists and the trained methods' fuseTrained.
 */
export function fusionLegs(
  lists: readonly RankedList[],
  weights: readonly number[],
  normalise?: (scores: readonly number[]) => number[],
): Leg[] {
  return lists
    .map(({ name, items }, i): Leg => {
      const raw = items.map((item) => item.score);
      const scores = normalise ? normalise(raw) : raw;
      return { name, weight: weights[i]!, ids: items.map((item) => item.id), scores };
    })
    .filter((leg) => leg.weight > 0)
    .sort((a, b) => compareIdBytes(a.name, b.name));
}
