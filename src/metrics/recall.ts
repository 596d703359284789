/**
 * recall@k (trec_eval `recall_k`): the share of a query's relevant documents (grade ≥ threshold)
 * found in the top k. Not to be confused with hit@k (was *any* relevant document found).
 *
 *   recall@k = |relevant ∩ top k| / |relevant|
 */
export function recallAt(ranking: readonly string[], judged: ReadonlyMap<string, number>, k: number, threshold = 1): number {
  let relevant = 0;
  for (const g of judged.values()) if (g >= threshold) relevant++;
  if (relevant === 0) return 0;
  let found = 0;
  for (const id of ranking.slice(0, k)) if ((judged.get(id) ?? 0) >= threshold) found++;
  return found / relevant;
}
