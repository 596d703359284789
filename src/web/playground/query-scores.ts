import { hitAt, recallAt, reciprocalRank } from '../../metrics/index.js';
import type { HitView } from '../../search/types.js';

/** The three numbers that tell at a glance how one list did for one judged query. */
export interface QueryScores {
  k: number;
  hit: number;
  recall: number;
  mrr: number;
  /** Relevant documents the query has in the gold set. */
  relevant: number;
}

/**
 * Scores one result list against one query's judgements with the experiment metrics: documents
 * by doc_id, a document's later passages blanked (they keep their rank, so k still counts
 * passages, but a document is credited once), as the experiment runner scores chunk level.
 */
export function scoreHits(
  hits: readonly HitView[],
  judged: ReadonlyMap<string, number>,
  k: number,
  threshold = 1,
): QueryScores {
  const seen = new Set<string>();
  const ranking = hits.map((h, i) => {
    if (seen.has(h.doc_id)) return `\u0000repeat-${i}`;
    seen.add(h.doc_id);
    return h.doc_id;
  });
  let relevant = 0;
  for (const grade of judged.values()) if (grade >= threshold) relevant++;
  return {
    k,
    hit: hitAt(ranking, judged, k, threshold),
    recall: recallAt(ranking, judged, k, threshold),
    mrr: reciprocalRank(ranking, judged, k, threshold),
    relevant,
  };
}
