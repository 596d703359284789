import type { Query } from '../corpus/types.js';
import { scoreQuery, type Judgements, type ParsedMetric } from '../metrics/index.js';
import { documentRanking } from '../runs/document-ranking.js';
import type { CellRun } from './cell-run.js';

// Moved to runs/ so `testbed pool` reads rankings the same way; re-exported for the experiment's modules.
export { documentRanking };

/**
 * Per-query scores of every metric for `queries` (the caller passes the answerable ones), each
 * ranking mapped to documents as its run file is written, and scored by the scorer `testbed
 * eval` uses against every grade of the judgements.
 */
export function scoreCell(
  run: CellRun,
  queries: readonly Query[],
  judgements: Judgements,
  metrics: readonly ParsedMetric[],
): Record<string, Record<string, number>> {
  const out: Record<string, Record<string, number>> = {};
  for (const q of queries)
    out[q.id] = scoreQuery(judgements, q.id, documentRanking(run.rankings[q.id] ?? [], run.level), metrics);
  return out;
}
