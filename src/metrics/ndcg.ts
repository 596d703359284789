import { depthOf } from './relevance.js';

/**
 * nDCG@k as trec_eval's `ndcg_cut_k` computes it (linear gain, log2 discount):
 *
 *   DCG@k  = Σ_{i=1..k} gain(d_i) / log2(i + 1)
 *   IDCG@k = the same sum over the judged documents sorted by grade, highest first
 *   nDCG@k = DCG@k / IDCG@k      (0 when IDCG@k is 0: no document graded above 0)
 *
 * gain(d) is the judged grade itself when it is above 0, and 0 for unjudged documents, grade 0
 * and negative grades (which trec_eval reads as "pooled but not judged"). Like trec_eval, nDCG
 * ignores the relevance threshold (`-l`): a grade-1 document still gains 1 when only grade 2
 * counts as relevant for the binary metrics, and it is part of the ideal ranking too.
 * Without a cutoff (k undefined) this is trec_eval's `ndcg` with default gains.
 */
export function ndcgAt(
  ranking: readonly string[],
  judged: ReadonlyMap<string, number>,
  k: number | undefined,
  _threshold = 1,
): number {
  let dcg = 0;
  const depth = depthOf(ranking, k);
  for (let i = 0; i < depth; i++) dcg += gainOf(judged.get(ranking[i]!)) / Math.log2(i + 2);
  const ideal = [...judged.values()].filter((g) => g > 0).sort((a, b) => b - a);
  const idealDepth = Math.min(k ?? ideal.length, ideal.length);
  let idcg = 0;
  for (let i = 0; i < idealDepth; i++) idcg += ideal[i]! / Math.log2(i + 2);
  return idcg > 0 ? dcg / idcg : 0;
}

function gainOf(grade: number | undefined): number {
  return grade !== undefined && grade > 0 ? grade : 0;
}
