import { countRelevant, relevantInTop } from './relevance.js';

/**
 * recall@k (trec_eval `recall_k`): the share of ALL the query's relevant documents found in the
 * top k. With two relevant documents and one of them retrieved, recall@k is 0.5 while hit@k is 1.
 *
 *   recall@k = |relevant ∩ top k| / |relevant|      (0 when there is no relevant document)
 */
export function recallAt(
  ranking: readonly string[],
  judged: ReadonlyMap<string, number>,
  k: number | undefined,
  threshold = 1,
): number {
  const relevant = countRelevant(judged, threshold);
  if (relevant === 0) return 0;
  return relevantInTop(ranking, judged, k ?? ranking.length, threshold) / relevant;
}
