import type { Query } from '../corpus/types.js';
import { reusingQueryVectors, type QueryVectorLog } from '../embedders/query-vector-log.js';
import type { Searcher } from '../search/searcher.js';
import { runQuerySet } from '../search/run-query-set.js';
import { annSetting, givesAnnResults, legEndpoints } from '../legs/leg-traits.js';
import { shownEndpoint } from '../remote/remote-client.js';
import type { Pipeline } from '../pipeline/resolve-pipeline.js';
import type { AnnRecall } from '../reports/report-model.js';
import type { CellRun } from './cell-run.js';

/**
 * An approximate nearest-neighbour search held against our exact scan of the same vectors: for a
 * configuration that is one leg whose leg type says its results are ANN results over our
 * index's vectors (an OpenSearch / Elasticsearch knn or Qdrant leg that sends our query vector,
 * or our own `dense` leg with `ann`: givesAnnResults), the `dense` leg without `ann` (exact
 * cosine over the index's vectors, same embedder, same filter, same level) runs the same
 * queries, and
 *
 *   ann_recall@k = mean over queries of |ANN top k ∩ exact top k| / |exact top k|
 *
 * over the queries whose exact top k is not empty. It measures the approximate index (HNSW
 * parameters, quantisation, shards), not relevance: 1 means the ANN search returned exactly
 * what an exhaustive search would have. A grid of local `ann` settings (ef_search 16, 64, 256)
 * thus shows the recall each setting gives up, beside its latency in the same report.
 */
export function annLeg(pipeline: Pipeline): Pipeline['legs'][number] | undefined {
  const [only, ...rest] = pipeline.legs;
  return only && rest.length === 0 && givesAnnResults(only) ? only : undefined;
}

/** One query's overlap at k; undefined when the exact list is empty (nothing to recall). */
export function annRecallAt(remote: readonly string[], exact: readonly string[], k: number): number | undefined {
  const truth = exact.slice(0, k);
  if (truth.length === 0) return undefined;
  const found = new Set(remote.slice(0, k));
  return truth.filter((id) => found.has(id)).length / truth.length;
}

/**
 * Runs the exact scan for a remote vector configuration and compares it with the run the
 * configuration made. With `queryVectors` (what that run embedded, query-vector-log.ts) the scan
 * takes each query's vector from there: the same vector the cluster searched with, embedded once.
 */
export async function measureAnnRecall(
  searcher: Searcher,
  pipeline: Pipeline,
  run: CellRun,
  queries: readonly Query[],
  ks: readonly number[],
  queryVectors?: QueryVectorLog,
): Promise<AnnRecall | undefined> {
  const leg = annLeg(pipeline);
  if (!leg) return undefined;
  const depth = Math.max(...ks);
  const exact: Pipeline = {
    legs: [{ type: 'dense', name: 'exact' }],
    k: depth,
    level: run.level,
    ...(pipeline.filter && { filter: pipeline.filter }),
  };
  const scan = () =>
    runQuerySet(
      searcher,
      exact,
      queries.filter((q) => run.rankings[q.id] !== undefined),
    );
  const exactRuns = queryVectors ? await reusingQueryVectors(queryVectors, scan) : await scan();
  const values: Record<string, number> = {};
  // An exact list is empty at every k or at none, so each k counts the same queries.
  let counted = 0;
  for (const k of [...new Set(ks)].sort((a, b) => a - b)) {
    const perQuery = exactRuns
      .map((r) =>
        annRecallAt(
          run.rankings[r.qid] ?? [],
          r.hits.map((h) => h.id),
          k,
        ),
      )
      .filter((x): x is number => x !== undefined);
    values[`ann_recall@${k}`] = perQuery.reduce((s, x) => s + x, 0) / Math.max(1, perQuery.length);
    counted = perQuery.length;
  }
  return {
    leg: leg.name,
    engine: leg.type,
    endpoint: searchEndpoint(leg) || (annSetting(leg) ?? ''),
    queries: counted,
    level: run.level,
    values,
  };
}

/** The endpoint the leg searches, as reports show it. */
function searchEndpoint(leg: Pipeline['legs'][number]): string {
  const endpoint = legEndpoints(leg).find((e) => e.role === 'search');
  return endpoint ? shownEndpoint(endpoint.method, endpoint.url) : '';
}
