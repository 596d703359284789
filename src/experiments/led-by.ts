import { legSignal } from '../legs/leg-traits.js';
import type { Leg } from '../legs/registry.js';
import type { Carried } from '../reports/report-model.js';
import type { Hit } from '../retrievers/types.js';

/** The names of a hybrid's two legs: the one that ranks by terms and the one that ranks by vectors. */
export interface HybridLegs {
  lexical: string;
  dense: string;
}

/**
 * A pipeline of two legs, one lexical and one dense as their leg types say (legSignal), whatever
 * the legs are named: the hybrids whose hits ledBy can count. Undefined for any other pipeline.
 */
export function hybridLegs(legs: readonly Leg[]): HybridLegs | undefined {
  if (legs.length !== 2) return undefined;
  const lexical = legs.find((l) => legSignal(l) === 'lexical');
  const dense = legs.find((l) => legSignal(l) === 'dense');
  return lexical && dense ? { lexical: lexical.name, dense: dense.name } : undefined;
}

/**
 * Which leg of a hybrid ranked each hit higher: `bm25` when the lexical leg's rank is better (smaller) or the
 * dense leg did not return the hit, `dense` symmetrically, `both` when the two ranks are equal.
 * A hit that appears anywhere in both lists is not enough to count for both: at fusion depth
 * 100 nearly every hit does, which said nothing about which leg carried the ranking. A hit
 * with no sources (not a hybrid hit) counts nowhere.
 */
export function ledBy(hits: readonly Pick<Hit, 'sources'>[], legs: HybridLegs): Carried {
  const led: Carried = { bm25: 0, dense: 0, both: 0 };
  for (const { sources } of hits) {
    const lexical = sources?.[legs.lexical]?.rank ?? Infinity;
    const dense = sources?.[legs.dense]?.rank ?? Infinity;
    if (lexical === Infinity && dense === Infinity) continue;
    if (lexical < dense) led.bm25++;
    else if (dense < lexical) led.dense++;
    else led.both++;
  }
  return led;
}
