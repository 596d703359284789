import { performance } from 'node:perf_hooks';
import { fuse } from '../fusion/fuse.js';
import type { FusionOptions } from '../fusion/options.js';
import type { Retrieval, Retriever, SearchOptions, SourceName } from './types.js';

/**
 * A retriever that runs a lexical and a dense leg and fuses their lists as `fusion` says.
 * Each leg is asked for `fusion.depth` hits at the requested level; the top k fused hits are
 * returned, each with `sources` saying where it ranked in each leg.
 */
export function createHybridRetriever(
  lexical: Retriever,
  dense: Retriever,
  fusion: FusionOptions,
): Retriever {
  return {
    name: 'hybrid',
    search: (query, options) => hybridSearch(lexical, dense, query, options, fusion),
  };
}

/**
 * One hybrid search with its own fusion options (the HTTP layer overrides them per request).
 *
 * Both legs run concurrently, each with k = depth at `level`, so documents are fused by chunk
 * id at chunk level and by document id at doc level. Timings (ms): `bm25` and `dense` are each
 * leg's wall time, the legs' own stages follow prefixed by leg (`dense.embed`), and `fuse` is
 * the fusion itself.
 */
export async function hybridSearch(
  lexical: Retriever,
  dense: Retriever,
  query: string,
  options: SearchOptions,
  fusion: FusionOptions,
): Promise<Retrieval> {
  const { k } = options;
  const legOptions: SearchOptions = { ...options, k: fusion.depth };
  const [bm25, vec] = await Promise.all([
    timed(lexical, query, legOptions),
    timed(dense, query, legOptions),
  ]);

  const start = performance.now();
  // Sliced in case a leg returns more than it was asked for: depth bounds what each contributes.
  const lists = { bm25: bm25.hits.slice(0, fusion.depth), dense: vec.hits.slice(0, fusion.depth) };
  const fused = fuse(lists, fusion);
  const hits = fused.slice(0, Math.max(0, k));
  const fuseMs = performance.now() - start;

  return {
    hits,
    timings: {
      bm25: bm25.ms,
      dense: vec.ms,
      ...prefixed('bm25', bm25.timings),
      ...prefixed('dense', vec.timings),
      fuse: fuseMs,
    },
  };
}

async function timed(retriever: Retriever, query: string, options: SearchOptions) {
  const start = performance.now();
  const result = await retriever.search(query, options);
  return { ...result, ms: performance.now() - start };
}

function prefixed(leg: SourceName, timings: Record<string, number>): Record<string, number> {
  return Object.fromEntries(Object.entries(timings).map(([stage, ms]) => [`${leg}.${stage}`, ms]));
}
