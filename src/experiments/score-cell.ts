import type { Query } from '../corpus/types.js';
import { scoreRanking, type ParsedMetric } from '../metrics/index.js';
import { documentRanking } from '../runs/document-ranking.js';
import type { CellRun } from './cell-run.js';

// Moved to runs/ so `testbed pool` reads rankings the same way; re-exported for the experiment's modules.
export { documentRanking };

/** Per-query scores of every metric for the answerable queries. */
export function scoreCell(
  run: CellRun,
  queries: readonly Query[],
  gold: ReadonlyMap<string, ReadonlyMap<string, number>>,
  metrics: readonly ParsedMetric[],
  threshold: number,
): Record<string, Record<string, number>> {
  const out: Record<string, Record<string, number>> = {};
  for (const q of queries) {
    const judged = gold.get(q.id);
    if (!judged) continue;
    out[q.id] = scoreRanking(documentRanking(run.rankings[q.id] ?? [], run.level), judged, metrics, threshold);
  }
  return out;
}
