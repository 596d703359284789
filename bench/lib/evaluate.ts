import { ndcgAt } from '../../src/metrics/ndcg.js';
import { recallAt } from '../../src/metrics/recall.js';
import { mean } from './stats.js';

/** nDCG@10 and recall@100 of one ranking (document ids, best first), as trec_eval computes them. */
export function scoreRanking(
  ranking: readonly string[],
  judged: ReadonlyMap<string, number>,
): { ndcg10: number; recall100: number } {
  return { ndcg10: ndcgAt(ranking, judged, 10), recall100: recallAt(ranking, judged, 100) };
}

/** Mean nDCG@10 and recall@100 over per-query scores. */
export function meanScores(rows: readonly { ndcg10: number; recall100: number }[]): {
  ndcg10: number;
  recall100: number;
} {
  return { ndcg10: mean(rows.map((r) => r.ndcg10)), recall100: mean(rows.map((r) => r.recall100)) };
}
