/**
 * wink-bm25-text-search's per-term BM25 score, reproduced operation for operation so the doubles
 * are identical: `idf = ln((N - df + 0.5) / (df + 0.5) + 1)` (its smoothing k = 1), the length
 * norm `(1 - b) + b * (len / avgdl)`, and the term score rounded to 9 decimals by toFixed, as
 * wink's consolidate() stores it. The postings engine computes at query time what wink computes
 * at build time, for any k1 and b.
 */
export interface TermScorer {
  /** The score of a term with `idf` occurring `tf` times in a chunk of `len` terms. */
  score(tf: number, len: number, idf: number): number;
  /**
   * At least score(tf, len, idf) for every tf <= maxTf and len >= minLen: the score rises with
   * tf and falls with len, and the margin covers float rounding (the ratio is not exactly
   * monotone in floats) and the 9-decimal rounding.
   */
  bound(maxTf: number, minLen: number, idf: number): number;
}

// wink rounds each term score to this many decimals (consolidate(9) in wink-bm25.ts).
const DECIMALS = 9;
// Relative and absolute slack on a bound: far above float error, far below any score gap that matters.
const BOUND_SLACK = 1e-9;

/** wink's IDF of a term in `df` of `n` chunks. */
export function winkIdf(n: number, df: number): number {
  return Math.log((n - df + 0.5) / (df + 0.5) + 1);
}

/** The scorer for one (k1, b) over a collection whose mean chunk length is `avgLength`. */
export function createTermScorer(k1: number, b: number, avgLength: number): TermScorer {
  const raw = (tf: number, len: number, idf: number) => {
    const norm = 1 - b + b * (len / avgLength);
    return Math.abs((tf * (k1 + 1)) / (k1 * norm + tf)) * idf;
  };
  return {
    score: (tf, len, idf) => Math.sign(tf) * roundTo9Decimals(raw(tf, len, idf)),
    bound: (maxTf, minLen, idf) => raw(maxTf, minLen, idf) * (1 + BOUND_SLACK) + BOUND_SLACK,
  };
}

// Below this, x * 1e9 is within 1e-4 of its exact value, far from the 0.5 where rounding turns.
const FAST_ROUNDING_LIMIT = 1e12;

/**
 * `+x.toFixed(9)` for x >= 0, the same double, about ten times faster: toFixed picks the integer
 * n nearest to x * 10^9 exactly (the larger on a tie) and the string parses to the double nearest
 * n / 10^9, which is what dividing n by 1e9 gives too (both correctly rounded). Only n can
 * differ, when x * 1e9 (one rounding away from exact) lies near a half: then toFixed decides.
 */
export function roundTo9Decimals(x: number): number {
  const scaled = x * 1e9;
  const n = Math.round(scaled);
  if (scaled < FAST_ROUNDING_LIMIT && 0.5 - Math.abs(scaled - n) > 1e-3) return n / 1e9;
  return +x.toFixed(DECIMALS);
}

/**
 * true when a score bounded by `bound` (a float sum of term bounds or scores, in any order)
 * cannot reach `threshold`: strictly below it with a margin, so a chunk that could tie the
 * threshold is still scored and the tie-break decides.
 */
export function cannotReach(bound: number, threshold: number): boolean {
  return bound + BOUND_SLACK * (1 + Math.abs(bound)) < threshold;
}
