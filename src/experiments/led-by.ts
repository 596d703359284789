import type { Carried } from '../reports/report-model.js';
import type { Hit } from '../retrievers/types.js';

/**
 * Which leg ranked each hit higher: `bm25` when the lexical leg's rank is better (smaller) or the
 * dense leg did not return the hit, `dense` symmetrically, `both` when the two ranks are equal.
 * A hit that appears anywhere in both lists is not enough to count for both: at fusion depth
 * 100 nearly every hit does, which said nothing about which leg carried the ranking. A hit
 * with no sources (not a hybrid hit) counts nowhere.
 */
export function ledBy(hits: readonly Pick<Hit, 'sources'>[]): Carried {
  const led: Carried = { bm25: 0, dense: 0, both: 0 };
  for (const { sources } of hits) {
    const lexical = sources?.bm25?.rank ?? Infinity;
    const dense = sources?.dense?.rank ?? Infinity;
    if (lexical === Infinity && dense === Infinity) continue;
    if (lexical < dense) led.bm25++;
    else if (dense < lexical) led.dense++;
    else led.both++;
  }
  return led;
}
