/**
 * How many significant digits a run file's scores get: 12, the precision fusion ranks by too
 * (fusion/fused-score.ts takes this constant), so a fused run prints as fusion ordered it. That is more than any retrieval score means (BM25
 * and cosine agree across engines to about six) and drops the float noise of sums, which
 * JavaScript's shortest round-trip form prints as 23.616958211999997.
 */
export const SCORE_DIGITS = 12;

// Seventeen significant digits identify every double, so a list always settles by then.
const EXACT_DIGITS = 17;

/**
 * Prints one query's scores with SCORE_DIGITS significant digits, or more when fewer would
 * print two different scores the same. trec_eval orders a query's documents by score and breaks
 * ties by document id, so a tie made by rounding would reorder the run; rounding every score of
 * the list to one precision is monotone, so the printed order is the order of the scores.
 */
export function printScores(scores: readonly number[]): string[] {
  for (let digits = SCORE_DIGITS; digits < EXACT_DIGITS; digits++) {
    const printed = scores.map((s) => String(Number(s.toPrecision(digits))));
    if (keepsScoresApart(scores, printed)) return printed;
  }
  return scores.map(String);
}

/** True when no two different scores print the same. */
function keepsScoresApart(scores: readonly number[], printed: readonly string[]): boolean {
  const scoreOf = new Map<string, number>();
  for (let i = 0; i < scores.length; i++) {
    const seen = scoreOf.get(printed[i]!);
    if (seen === undefined) scoreOf.set(printed[i]!, scores[i]!);
    else if (seen !== scores[i]) return false;
  }
  return true;
}
