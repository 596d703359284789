import type { Query } from '../corpus/types.js';
import { scoreRanking, type ParsedMetric } from '../metrics/index.js';
import type { Level } from '../retrievers/types.js';
import { docOf, type CellRun } from './cell-run.js';

/**
 * A cell's ranking as the document list metrics are computed on. At chunk level the passages
 * are mapped to their documents and a document's later passages are blanked (they keep their
 * position, so k still counts passages, but a document is credited once).
 */
export function documentRanking(ids: readonly string[], level: Level): string[] {
  if (level === 'doc') return [...ids];
  const seen = new Set<string>();
  return ids.map((id, i) => {
    const doc = docOf(id, level);
    if (seen.has(doc)) return `\u0000repeat-${i}`;
    seen.add(doc);
    return doc;
  });
}

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
