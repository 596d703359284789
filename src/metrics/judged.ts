import { isJudged } from '../corpus/judged-grade.js';
import { depthOf } from './relevance.js';

/**
 * judged@k: the share of the top k that carries a judgement, of any grade (0 included), so a
 * reader can see how much of a score rests on documents nobody looked at. Every other metric
 * here counts an unjudged document as not relevant: a configuration that retrieves what the
 * qrels' pool never saw is scored down for it, and judged@k says how far that can go. Negative
 * grades are "pooled but not judged" (as trec_eval reads them) and do not count.
 *
 *   judged@k = |{d in top k : d has a grade ≥ 0}| / k      (a ranking shorter than k is padded
 *                                                           with unjudged ranks, as P@k is)
 *
 * trec_eval has no such measure; ir_measures calls it Judged@k.
 */
export function judgedAt(
  ranking: readonly string[],
  judged: ReadonlyMap<string, number>,
  k: number | undefined,
  _threshold = 1,
): number {
  const depth = depthOf(ranking, k);
  const divisor = k ?? ranking.length;
  if (divisor === 0) return 0;
  let count = 0;
  for (let i = 0; i < depth; i++) if (isJudged(judged.get(ranking[i]!))) count++;
  return count / divisor;
}
