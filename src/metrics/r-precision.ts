import { countRelevant, relevantInTop } from './relevance.js';

/**
 * R-precision (trec_eval `Rprec`): precision at rank R, where R is the number of relevant
 * documents; there precision equals recall. A ranking shorter than R is padded with
 * non-relevant documents, so the divisor stays R. It has no cutoff of its own: `k` is ignored.
 *
 *   R-prec = |relevant ∩ top R| / R      (0 when R = 0)
 */
export function rPrecision(
  ranking: readonly string[],
  judged: ReadonlyMap<string, number>,
  _k: number | undefined,
  threshold = 1,
): number {
  const relevant = countRelevant(judged, threshold);
  if (relevant === 0) return 0;
  return relevantInTop(ranking, judged, relevant, threshold) / relevant;
}
