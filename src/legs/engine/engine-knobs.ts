import { z } from 'zod/v4';

/**
 * The engines' approximate-search knobs as typed leg fields, each sent where the engine's
 * documentation puts it, so tuning an engine needs no `body:` of one's own:
 * - OpenSearch `ef_search`: `knn.FIELD.method_parameters.ef_search` of the k-NN query (2.16 and
 *   later): how many candidates HNSW examines (faiss and nmslib take it as is; lucene takes the
 *   larger of it and k);
 * - Qdrant `hnsw_ef` and `exact`: the query's `params` (`params.hnsw_ef`: the beam of the HNSW
 *   search; `params.exact: true`: no approximation, a full scan);
 * - Elasticsearch `num_candidates`: the `knn` option's or knn retriever's candidates per shard
 *   (at least its `k`).
 */
export const KNOB_LIMITS = Object.freeze({
  /** An ef past the size of most collections, a bound so a typo does not ask for a full graph walk; exact: true is the full scan. */
  maxEf: 100_000,
});

export const efSearchField = z
  .number()
  .int()
  .min(1)
  .max(KNOB_LIMITS.maxEf)
  .optional()
  .describe(
    "k-NN: HNSW candidates examined per query (the knn query's method_parameters.ef_search, OpenSearch 2.16+); default: the index setting",
  );

export const hnswEfField = z
  .number()
  .int()
  .min(1)
  .max(KNOB_LIMITS.maxEf)
  .optional()
  .describe("the HNSW search beam (the query's params.hnsw_ef); default: the collection's ef");

export const exactField = z
  .boolean()
  .optional()
  .describe("true: search without approximation, a full scan (the query's params.exact)");

/** `method_parameters` of an OpenSearch knn query, when the leg sets ef_search. */
export function opensearchMethodParameters(leg: { ef_search?: number | undefined }): object | undefined {
  return leg.ef_search === undefined ? undefined : { ef_search: leg.ef_search };
}

/** `params` of a Qdrant query (or prefetch), when the leg sets hnsw_ef or exact. */
export function qdrantSearchParams(leg: {
  hnsw_ef?: number | undefined;
  exact?: boolean | undefined;
}): object | undefined {
  if (leg.hnsw_ef === undefined && leg.exact === undefined) return undefined;
  return {
    ...(leg.hnsw_ef !== undefined && { hnsw_ef: leg.hnsw_ef }),
    ...(leg.exact !== undefined && { exact: leg.exact }),
  };
}

/** The knob fields a leg sets, by name, for the checks that refuse a knob the request would not carry. */
export function knobsSet(leg: object): string[] {
  const fields = leg as Record<string, unknown>;
  return ['ef_search', 'hnsw_ef', 'exact', 'num_candidates'].filter((f) => fields[f] !== undefined);
}
