import type { Rerank } from './resolve-pipeline.js';
import { RecentCache } from '../store/recent-cache.js';
import { createCrossEncoderReranker } from './cross-encoder-reranker.js';
import { createHttpReranker } from './http-reranker.js';
import type { Reranker } from './rerank.js';

/**
 * Rerankers kept across queries and requests, keyed by their settled spec: an HTTP reranker's
 * concurrency limit holds only if every search with that spec goes through the one client.
 * Bounded, because over HTTP each request may name its own; the least recently used is dropped.
 */
const kept = new RecentCache<string, Reranker>(32);

/** The reranker a pipeline's rerank stage names (the cross-encoder's model loads on first use). */
export function rerankerFor(spec: Rerank): Reranker {
  return kept.get(JSON.stringify(spec), () =>
    spec.type === 'cross-encoder' ? createCrossEncoderReranker(spec) : createHttpReranker(spec),
  );
}
