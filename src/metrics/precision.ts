import { relevantInTop } from './relevance.js';

/**
 * precision@k (trec_eval `P_k`): the share of the top k that is relevant. The divisor stays k
 * when fewer than k documents were retrieved, as in trec_eval: the missing ranks count as
 * non-relevant, so a short ranking is not rewarded for stopping early.
 *
 *   precision@k = |relevant ∩ top k| / k
 *
 * Without a cutoff the divisor is the ranking's length (trec_eval `set_P`), 0 for an empty one.
 */
export function precisionAt(
  ranking: readonly string[],
  judged: ReadonlyMap<string, number>,
  k: number | undefined,
  threshold = 1,
): number {
  const divisor = k ?? ranking.length;
  if (divisor === 0) return 0;
  return relevantInTop(ranking, judged, divisor, threshold) / divisor;
}
