import type { Query } from '../corpus/types.js';
import { parseMetric, type Judgements, type ParsedMetric } from '../metrics/index.js';
import type { FirstStage } from '../reports/report-model.js';
import type { CellRun } from './cell-run.js';
import { scoreCell } from './score-cell.js';
import { sliceMean, type Slice } from './slices.js';

/** How the report labels a metric of the first stage: `first_stage.recall@100`. */
export const firstStageLabel = (metric: string) => `first_stage.${metric}`;

/**
 * Scores a rerank cell's first-stage ranking as its final ranking is scored (same queries,
 * judgements and document mapping): recall@depth and hit@depth at the rerank depth, then
 * the experiment's headline metrics, so the report shows what the rerank stage was given and
 * what it made of it. Undefined for a cell without a rerank stage.
 */
export function firstStageOf(
  run: CellRun,
  queries: readonly Query[],
  judgements: Judgements,
  headline: readonly string[],
  slices: readonly Slice[],
): FirstStage | undefined {
  if (!run.firstStage) return undefined;
  const { reranker, depth, rankings } = run.firstStage;
  const metrics: ParsedMetric[] = [
    ...new Map(
      [`recall@${depth}`, `hit@${depth}`, ...headline].map((l) => parseMetric(l)).map((m) => [m.label, m]),
    ).values(),
  ];
  const perQuery = scoreCell({ ...run, rankings }, queries, judgements, metrics);
  const rows = Object.values(perQuery);
  const means = Object.fromEntries(
    metrics.map((m) => [
      firstStageLabel(m.label),
      rows.reduce((s, r) => s + (r[m.label] ?? 0), 0) / Math.max(1, rows.length),
    ]),
  );
  return {
    reranker,
    depth,
    means,
    slices: slices.map((s) => ({
      label: s.label,
      n: s.queryIds.length,
      means: Object.fromEntries(
        metrics.map((m) => [firstStageLabel(m.label), sliceMean(columnOf(perQuery, m.label), s).mean]),
      ),
    })),
  };
}

function columnOf(perQuery: Record<string, Record<string, number>>, label: string): Map<string, number> {
  return new Map(Object.entries(perQuery).map(([q, scores]) => [q, scores[label] ?? 0]));
}
