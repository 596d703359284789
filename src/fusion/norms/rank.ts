/**
 * Rank normalisation (ranx "rank"): scores are replaced by their position,
 *
 *   norm(item at rank r) = 1 - (r - 1) / n,   n = the list's length
 *
 * so rank 1 gets 1 and the last item 1 / n, whatever the scores were. Equal scores still get
 * different values, by position (the list's order, trec_eval's tie order when it was read from
 * a run file). Empty list: [].
 */
export function rankNorm(scores: readonly number[]): number[] {
  const n = scores.length;
  return scores.map((_, i) => 1 - i / n);
}
