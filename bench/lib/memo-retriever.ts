import type { Retrieval, Retriever, SearchOptions } from '../../src/retrievers/types.js';

/**
 * A retriever that remembers each (query, k, level) result of the one it wraps. A fusion sweep
 * fuses the same two legs under many settings: with memoised legs each leg runs once per query,
 * and only the fusion, the part the sweep varies, runs per setting. The hybrid retriever itself
 * is the real one (createHybridRetriever), so the fused rankings are those the Searcher returns.
 */
export function memoRetriever(inner: Retriever): Retriever {
  const seen = new Map<string, Promise<Retrieval>>();
  return {
    name: inner.name,
    search(query: string, options: SearchOptions): Promise<Retrieval> {
      const key = `${options.level}\u0000${options.k}\u0000${query}`;
      let r = seen.get(key);
      if (!r) seen.set(key, (r = inner.search(query, options)));
      return r;
    },
  };
}
