import { countRelevant, depthOf, isRelevant } from './relevance.js';

/**
 * Average precision (trec_eval `map`; with a cutoff `map_cut_k`), averaged over queries it is
 * MAP. Precision is taken at the rank of every relevant document retrieved (within k), and the
 * sum is divided by ALL relevant documents, so the ones never retrieved count as precision 0.
 *
 *   AP@k = Σ_{i ≤ k, d_i relevant} (|relevant ∩ top i| / i) / |relevant|      (0 if none relevant)
 */
export function averagePrecision(
  ranking: readonly string[],
  judged: ReadonlyMap<string, number>,
  k: number | undefined,
  threshold = 1,
): number {
  const relevant = countRelevant(judged, threshold);
  if (relevant === 0) return 0;
  let found = 0;
  let sum = 0;
  const depth = depthOf(ranking, k);
  for (let i = 0; i < depth; i++) {
    if (isRelevant(judged.get(ranking[i]!), threshold)) sum += ++found / (i + 1);
  }
  return sum / relevant;
}
