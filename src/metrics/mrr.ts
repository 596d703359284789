import { depthOf, isRelevant } from './relevance.js';

/**
 * Reciprocal rank (trec_eval `recip_rank`; averaged over queries it is MRR): one over the rank
 * of the first relevant document, 0 if none is retrieved. mrr@k only looks at the top k.
 *
 *   RR = 1 / min{ i : d_i relevant }      (i ≤ k for mrr@k; 0 if there is no such i)
 */
export function reciprocalRank(
  ranking: readonly string[],
  judged: ReadonlyMap<string, number>,
  k: number | undefined,
  threshold = 1,
): number {
  const depth = depthOf(ranking, k);
  for (let i = 0; i < depth; i++) if (isRelevant(judged.get(ranking[i]!), threshold)) return 1 / (i + 1);
  return 0;
}
