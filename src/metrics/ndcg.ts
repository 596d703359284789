/**
 * nDCG@k as trec_eval's `ndcg_cut` computes it (linear gain, log2 discount):
 *
 *   DCG@k  = Σ_{i=1..k} grade(d_i) / log2(i + 1)
 *   nDCG@k = DCG@k / IDCG@k
 *
 * where IDCG@k is the DCG of the judged documents sorted by grade. Unjudged and grade ≤ 0
 * documents gain 0. A query with no relevant document scores 0 (trec_eval's convention).
 */
export function ndcgAt(ranking: readonly string[], judged: ReadonlyMap<string, number>, k: number): number {
  let dcg = 0;
  for (let i = 0; i < Math.min(k, ranking.length); i++) dcg += Math.max(0, judged.get(ranking[i]!) ?? 0) / Math.log2(i + 2);
  const ideal = [...judged.values()].filter((g) => g > 0).sort((a, b) => b - a).slice(0, k);
  const idcg = ideal.reduce((sum, g, i) => sum + g / Math.log2(i + 2), 0);
  return idcg > 0 ? dcg / idcg : 0;
}
