import type { Rerank } from '../spec/resolve-pipeline.js';
import { createCrossEncoderReranker } from './cross-encoder-reranker.js';
import { createHttpReranker } from './http-reranker.js';
import type { Reranker } from './rerank.js';

/**
 * Rerankers kept across queries and requests, keyed by their settled spec: an HTTP reranker's
 * concurrency limit holds only if every search with that spec goes through the one client.
 * Bounded, because over HTTP each request may name its own; the oldest is dropped first.
 */
const MAX_KEPT = 32;
const kept = new Map<string, Reranker>();

/** The reranker a pipeline's rerank stage names (the cross-encoder's model loads on first use). */
export function rerankerFor(spec: Rerank): Reranker {
  const key = JSON.stringify(spec);
  let reranker = kept.get(key);
  if (!reranker) {
    reranker = spec.type === 'cross-encoder' ? createCrossEncoderReranker(spec) : createHttpReranker(spec);
    if (kept.size >= MAX_KEPT) kept.delete(kept.keys().next().value!);
    kept.set(key, reranker);
  }
  return reranker;
}
