import { countRelevant, isRelevant } from './relevance.js';

/**
 * bpref (trec_eval `bpref`, Buckley and Voorhees 2004), the measure built for incomplete
 * judgements: it looks only at judged documents, so an unjudged hit neither helps nor hurts,
 * where every other metric here counts it as not relevant. With R relevant documents and N
 * judged not relevant (grade 0 up to the threshold, retrieved or not):
 *
 *   bpref = (1/R) Σ_{r relevant, retrieved} (1 − min(n_r, R) / min(N, R))
 *
 * n_r being the judged non-relevant documents ranked above r. As in trec_eval's m_bpref.c a
 * relevant document with none above it adds 1 (which also covers N = 0), unjudged documents and
 * negative grades ("pooled, not judged") are skipped, and 0 is returned when R = 0. It has no
 * cutoff: `k` is ignored.
 */
export function bpref(
  ranking: readonly string[],
  judged: ReadonlyMap<string, number>,
  _k: number | undefined,
  threshold = 1,
): number {
  const relevant = countRelevant(judged, threshold);
  if (relevant === 0) return 0;
  const nonRelevant = countJudgedNonRelevant(judged, threshold);
  let nonRelevantAbove = 0;
  let sum = 0;
  for (const id of ranking) {
    const grade = judged.get(id);
    if (grade === undefined || grade < 0) continue;
    if (!isRelevant(grade, threshold)) nonRelevantAbove++;
    else if (nonRelevantAbove === 0) sum += 1;
    else sum += 1 - Math.min(nonRelevantAbove, relevant) / Math.min(nonRelevant, relevant);
  }
  return sum / relevant;
}

/** N: the judged documents (grade 0 or more) below the threshold. */
function countJudgedNonRelevant(judged: ReadonlyMap<string, number>, threshold: number): number {
  let n = 0;
  for (const grade of judged.values()) if (grade >= 0 && grade < threshold) n++;
  return n;
}
