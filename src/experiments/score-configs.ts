import type { Query } from '../corpus/types.js';
import { gradesOf, judgedAt, sourceMix, type Judgements, type ParsedMetric } from '../metrics/index.js';
import { documentRanking } from '../runs/document-ranking.js';
import { failedIds, type CellRun } from './cell-run.js';
import { remoteEndpoints } from './remote-endpoints.js';
import type { RetrieverConfig } from './config.js';
import { cachedIndexPath, type CachedIndex } from './index-cache.js';
import { indexFingerprint } from '../store/index-fingerprint.js';
import { latencySummary } from './latency.js';
import type { ExperimentPlan } from './plan.js';
import { FAILED_QUERIES_LISTED, JUDGED_K, type ConfigResult, type RetrieverKind } from '../reports/report-model.js';
import type { IndexSpec } from '../reports/experiment-config.js';
import { firstStageOf } from './first-stage.js';
import { scoreCell } from './score-cell.js';
import { sliceMean, sliceQueries, type Slice } from './slices.js';
import type { Pipeline } from '../pipeline/resolve-pipeline.js';

/** What the score stage needs of one configuration, grid cell or tuned. */
export interface ScoredEntry {
  name: string;
  retriever: RetrieverConfig;
  kind: RetrieverKind;
  pipeline?: Pipeline;
  index: IndexSpec;
  cached: CachedIndex;
  run: CellRun;
  resumed: boolean;
}

/**
 * The score stage: each configuration's per-query metrics over the answerable queries, its
 * means overall and per slice, latency and the legs' statistics. Comparisons between
 * configurations come after (analyse.ts). A query a remote leg failed for is not a query that
 * found nothing: it is left out of the configuration's scores (and listed), not scored 0.
 */
export function scoreConfigs(plan: ExperimentPlan, entries: readonly ScoredEntry[]): ConfigResult[] {
  const answerable = plan.queries.filter((q) => plan.answerable.has(q.id));
  const slices = sliceQueries(answerable, plan.config.slices);
  // Real queries first: a set mixing real and synthetic queries is led by the real ones' means.
  const realIds = new Set(answerable.filter((q) => q.metadata.source === 'real').map((q) => q.id));
  const mixed = realIds.size > 0 && answerable.some((q) => q.metadata.source === 'synthetic');
  return entries.map((e) => {
    const failed = failedIds(e.run);
    const answered = failed.size ? answerable.filter((q) => !failed.has(q.id)) : answerable;
    // Only the answerable queries are scored, so only their failures cost the configuration a
    // score: a query without relevant documents that failed changes no mean and is not counted.
    const scoredFailures = (e.run.failed ?? []).filter((f) => plan.answerable.has(f.queryId));
    const ownSlices = failed.size
      ? slices.map((s) => ({ ...s, queryIds: s.queryIds.filter((q) => !failed.has(q)) }))
      : slices;
    const perQuery = scoreCell(e.run, answered, plan.judgements, plan.metrics);
    const { meta } = e.cached;
    const firstStage = firstStageOf(e.run, answerable, plan.judgements, plan.config.metrics, slices);
    const endpoints = e.pipeline ? remoteEndpoints(e.pipeline) : [];
    return {
      name: e.name,
      retriever: e.retriever,
      kind: e.kind,
      ...(e.pipeline && { pipeline: e.pipeline }),
      index: {
        ...e.index,
        embedderId: meta.embedder?.id ?? null,
        sizeBytes: e.cached.sizeBytes,
        buildSeconds: meta.build.seconds,
        reused: e.cached.reused,
        chunks: meta.counts.chunks,
        truncatedChunks: meta.counts.truncatedChunks,
        fingerprint: indexFingerprint(meta),
        cacheFile: cachedIndexPath(e.cached.key),
      },
      latency: latencySummary(Object.values(e.run.latencyMs)),
      means: meansOf(perQuery, plan.metrics),
      ...(mixed && { real: realMeans(perQuery, realIds, plan.metrics) }),
      perQuery,
      slices: ownSlices.map((s) => ({
        label: s.label,
        n: s.queryIds.length,
        means: Object.fromEntries(plan.metrics.map((m) => [m.label, sliceMean(column(perQuery, m.label), s).mean])),
      })),
      legs: legStats(e.run, answered, ownSlices),
      failures: [],
      ...(scoredFailures.length && {
        failedQueries: {
          count: scoredFailures.length,
          scored: answered.length,
          first: scoredFailures.slice(0, FAILED_QUERIES_LISTED),
        },
      }),
      ...(endpoints.length && { endpoints }),
      resumed: e.resumed,
      ...(firstStage && { firstStage }),
      judged: { k: JUDGED_K, mean: meanJudged(e.run, answered, plan.judgements) },
      sources: sourceMix(
        plan.judgements,
        answered.map((q): [string, string[]] => [q.id, documentRanking(e.run.rankings[q.id] ?? [], e.run.level)]),
        JUDGED_K,
      ),
    };
  });
}

/**
 * judged@JUDGED_K over the scored queries: every report shows it, whatever metrics the config
 * asks for, because a comparison is fair only when the compared configurations' hits were judged
 * alike. Every grade counts as a judgement, 0 included: judged@k is the share of hits somebody
 * looked at, not of relevant ones. NaN when no query was scored.
 */
function meanJudged(run: CellRun, queries: readonly Query[], judgements: Judgements): number {
  let sum = 0;
  for (const q of queries)
    sum += judgedAt(documentRanking(run.rankings[q.id] ?? [], run.level), gradesOf(judgements, q.id), JUDGED_K);
  return queries.length ? sum / queries.length : Number.NaN;
}

/**
 * Per slice: the share of queries for which the retriever returned nothing (a dead lexical leg:
 * BM25 over text it cannot tokenize), and for bm25+dense hybrids the share of the first
 * context_k hits that the lexical leg ranked higher, the dense leg ranked higher, or both ranked
 * alike (ledBy).
 */
function legStats(run: CellRun, queries: readonly Query[], slices: readonly Slice[]): ConfigResult['legs'] {
  const groups = [{ label: 'all', queryIds: queries.map((q) => q.id) }, ...slices];
  return groups.map(({ label, queryIds }) => {
    const zeroHit = queryIds.filter((q) => (run.rankings[q] ?? []).length === 0).length / Math.max(1, queryIds.length);
    if (!run.carried) return { label, zeroHit };
    const sum = { bm25: 0, dense: 0, both: 0 };
    for (const q of queryIds) for (const k of ['bm25', 'dense', 'both'] as const) sum[k] += run.carried[q]?.[k] ?? 0;
    const total = sum.bm25 + sum.dense + sum.both || 1;
    return { label, zeroHit, carried: { bm25: sum.bm25 / total, dense: sum.dense / total, both: sum.both / total } };
  });
}

/** The means over the real queries a configuration scored, and how many there were. */
function realMeans(
  perQuery: Record<string, Record<string, number>>,
  realIds: ReadonlySet<string>,
  metrics: readonly ParsedMetric[],
): { n: number; means: Record<string, number> } {
  const real = Object.fromEntries(Object.entries(perQuery).filter(([qid]) => realIds.has(qid)));
  return { n: Object.keys(real).length, means: meansOf(real, metrics) };
}

/** NaN (no value, as for an empty slice) when no query was scored: every one failed, which is not a 0. */
function meansOf(
  perQuery: Record<string, Record<string, number>>,
  metrics: readonly ParsedMetric[],
): Record<string, number> {
  const rows = Object.values(perQuery);
  return Object.fromEntries(
    metrics.map((m) => [
      m.label,
      rows.length ? rows.reduce((s, r) => s + (r[m.label] ?? 0), 0) / rows.length : Number.NaN,
    ]),
  );
}

export function column(perQuery: Record<string, Record<string, number>>, label: string): Map<string, number> {
  return new Map(Object.entries(perQuery).map(([q, s]) => [q, s[label] ?? 0]));
}
