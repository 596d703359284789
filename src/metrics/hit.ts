import { relevantInTop } from './relevance.js';

/**
 * hit@k (trec_eval `success_k`; ranx `hit_rate@k`): did the top k hold at least one relevant
 * document? The "recall@k" of many RAG guides, which is NOT recall@k here (see recall.ts).
 *
 *   hit@k = 1 if |relevant ∩ top k| > 0, else 0
 */
export function hitAt(
  ranking: readonly string[],
  judged: ReadonlyMap<string, number>,
  k: number | undefined,
  threshold = 1,
): number {
  return relevantInTop(ranking, judged, k ?? ranking.length, threshold) > 0 ? 1 : 0;
}
