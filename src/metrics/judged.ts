import { isJudged } from '../corpus/judged-grade.js';
import { isBlank } from '../runs/document-ranking.js';

/**
 * judged@k: the share of the documents in the top k that carry a judgement, of any grade (0
 * included), so a reader can see how much of a score rests on documents nobody looked at. Every
 * other metric here counts an unjudged document as not relevant: a configuration that retrieves
 * what the qrels' pool never saw is scored down for it, and judged@k says how far that can go.
 * Negative grades are "pooled but not judged" (as trec_eval reads them) and do not count.
 *
 *   judged@k = |{d in top k : d has a grade ≥ 0}| / |documents in top k|      (1 when there are none)
 *
 * The divisor is the documents actually there, not k (ir_measures' Judged@k divides by k): a
 * ranking shorter than k, or a chunk-level ranking whose later passages of a document are blanked
 * (runs/document-ranking.ts), has no holes in the ranks it does not fill, and a ranking with no
 * document has nothing left to judge. trec_eval has no such measure.
 */
export function judgedAt(
  ranking: readonly string[],
  judged: ReadonlyMap<string, number>,
  k: number | undefined,
  _threshold = 1,
): number {
  let documents = 0;
  let count = 0;
  for (const id of ranking.slice(0, k)) {
    if (isBlank(id)) continue;
    documents++;
    if (isJudged(judged.get(id))) count++;
  }
  return documents === 0 ? 1 : count / documents;
}
