/**
 * test/fixtures/eval worked by hand with trec_eval's rules (threshold 1).
 *
 * qrels: q1 d1=2 d2=1 d3=0 d4=1 (R = 3) | q2 d5=1 d6=0 d12=1 (R = 2) | q3 d7=1 d8=2 (R = 2)
 *        q4 d9=0 d10=0 (no relevant document: unanswerable)
 * run, ordered by score with ties by docid descending, rank column ignored:
 *   q1: d3 (grade 0), d9 (unjudged), d10 (unjudged), d1 (2), d2 (1), d4 (1)
 *   q2: d6 (0), d5 (1), d11 (unjudged)            (d5 and d6 tie at 0.9: d6 > d5)
 *   q3: not in the run, so it scores 0 everywhere  (trec_eval -c)
 *   q4: in the run but unanswerable; q5: in the run, not in the qrels, ignored
 */
const log2 = Math.log2;

// Ideal orders: q1 grades 2, 1, 1; q2 grades 1, 1.
const idcgQ1 = 2 / log2(2) + 1 / log2(3) + 1 / log2(4);
const idcgQ2 = 1 / log2(2) + 1 / log2(3);

export const EXPECTED_PER_QUERY: Record<string, Record<string, number>> = {
  q1: {
    'hit@1': 0, // d3 has grade 0
    'hit@10': 1,
    'recall@5': 2 / 3, // d1 at 4, d2 at 5
    'recall@100': 3 / 3,
    'precision@5': 2 / 5,
    'precision@10': 3 / 10, // k stays the divisor with 6 retrieved
    mrr: 1 / 4,
    'mrr@3': 0,
    'ndcg@5': (2 / log2(5) + 1 / log2(6)) / idcgQ1, // ranks 4 and 5
    'ndcg@10': (2 / log2(5) + 1 / log2(6) + 1 / log2(7)) / idcgQ1,
    map: (1 / 4 + 2 / 5 + 3 / 6) / 3,
    'map@5': (1 / 4 + 2 / 5) / 3,
    'r-precision': 0 / 3, // top 3: d3, d9, d10
  },
  q2: {
    'hit@1': 0,
    'hit@10': 1,
    'recall@5': 1 / 2, // d12 never retrieved
    'recall@100': 1 / 2,
    'precision@5': 1 / 5,
    'precision@10': 1 / 10,
    mrr: 1 / 2,
    'mrr@3': 1 / 2,
    'ndcg@5': 1 / log2(3) / idcgQ2,
    'ndcg@10': 1 / log2(3) / idcgQ2,
    map: 1 / 2 / 2,
    'map@5': 1 / 2 / 2,
    'r-precision': 1 / 2, // top 2: d6, d5
  },
  q3: Object.fromEntries(
    [
      'hit@1',
      'hit@10',
      'recall@5',
      'recall@100',
      'precision@5',
      'precision@10',
      'mrr',
      'mrr@3',
      'ndcg@5',
      'ndcg@10',
      'map',
      'map@5',
      'r-precision',
    ].map((l) => [l, 0]),
  ),
};

export const FIXTURE_METRICS = Object.keys(EXPECTED_PER_QUERY.q1!);

/** Means over the three answerable queries q1, q2, q3 (q4 is left out, q3 counts as 0). */
export const EXPECTED_MEAN: Record<string, number> = Object.fromEntries(
  FIXTURE_METRICS.map((label) => [label, (EXPECTED_PER_QUERY.q1![label]! + EXPECTED_PER_QUERY.q2![label]! + 0) / 3]),
);
