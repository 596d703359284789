import { performance } from 'node:perf_hooks';
import type { Hit, Retrieval } from '../ranking/hit.js';
import type { ChunkFilter, Retriever, SearchOptions } from '../retrievers/types.js';
import type { Pipeline } from './resolve-pipeline.js';
import { fuseLegs } from './fuse-legs.js';
import { rerankHits, type Reranker } from './rerank.js';

/** The pipeline's rerank stage, ready: the reranker and where a hit's passage text comes from. */
export interface RerankStage {
  reranker: Reranker;
  textOf: (hit: Hit) => string;
}

/** What a pipeline runs with: one retriever per leg (in the pipeline's leg order) and the compiled filter. */
export interface PipelineParts {
  pipeline: Pipeline;
  legs: readonly Retriever[];
  filter?: ChunkFilter;
  /** Present exactly when the pipeline has a rerank stage. */
  rerank?: RerankStage;
}

/** Per query: its id (run-file legs look their ranking up by it) and language. */
export interface QueryContext {
  queryId?: string;
  queryLang?: string;
}

/**
 * Runs one query through a pipeline: the first stage, then the rerank stage when there is one.
 * With a rerank stage the first stage is asked for max(k, depth) hits, the reranker rescores the
 * top depth (rerank.ts), the list is cut to k, `rerank` joins the timings and `firstStage` holds
 * the first stage's list as it was before the rerank (an experiment scores both).
 */
export async function runPipeline(parts: PipelineParts, query: string, context: QueryContext = {}): Promise<Retrieval> {
  const { pipeline, rerank } = parts;
  if (!rerank) return runFirstStage(parts, pipeline.k, query, context);
  const first = await runFirstStage(parts, Math.max(pipeline.k, rerank.reranker.depth), query, context);
  const t0 = performance.now();
  const reranked = await rerankHits(rerank.reranker, query, first.hits, rerank.textOf, context.queryId);
  return {
    hits: reranked.slice(0, pipeline.k),
    timings: { ...first.timings, rerank: performance.now() - t0 },
    firstStage: first.hits,
    ...(first.expansions && { expansions: first.expansions }),
  };
}

/**
 * The first stage, cut to k. One leg: its top k, as the leg ranks them. More: every leg
 * concurrently, each asked for fusion.depth hits, fused (fuse-legs.ts) and cut to k. Timings
 * (ms): one leg reports its own stages; with several, each leg's wall time under its name, its
 * stages as `name.stage`, and `fuse`.
 */
async function runFirstStage(
  { pipeline, legs, filter }: PipelineParts,
  k: number,
  query: string,
  context: QueryContext,
): Promise<Retrieval> {
  const { level, fusion } = pipeline;
  const queryLang = pipeline.qlang ?? context.queryLang;
  const options: SearchOptions = {
    k: fusion ? fusion.depth : k,
    level,
    ...(filter && { filter }),
    ...(queryLang && { queryLang }),
    ...(context.queryId !== undefined && { queryId: context.queryId }),
  };
  if (!fusion) {
    const only = await legs[0]!.search(query, options);
    return {
      hits: only.hits.slice(0, k),
      timings: only.timings,
      ...(only.expansions && { expansions: only.expansions }),
    };
  }
  const results = await Promise.all(
    legs.map(async (leg) => {
      const t0 = performance.now();
      const result = await leg.search(query, options);
      // Sliced in case a leg returns more than asked: depth bounds what each contributes.
      return {
        name: leg.name,
        hits: result.hits.slice(0, fusion.depth),
        timings: result.timings,
        expansions: result.expansions,
        ms: performance.now() - t0,
      };
    }),
  );
  const t0 = performance.now();
  const hits = fuseLegs(results, fusion).slice(0, k);
  const timings: Record<string, number> = {};
  for (const r of results) {
    timings[r.name] = r.ms;
    for (const [stage, ms] of Object.entries(r.timings)) timings[`${r.name}.${stage}`] = ms;
  }
  timings.fuse = performance.now() - t0;
  const expanded = results.filter((r) => r.expansions);
  if (expanded.length === 0) return { hits, timings };
  return { hits, timings, expansions: Object.assign({}, ...expanded.map((r) => r.expansions)) };
}
