import { AsyncLocalStorage } from 'node:async_hooks';
import type { EmbedBatch, Embedder, EmbedRole } from './types.js';

/** Query vectors by embedder id and query text, as one run of a query set computed them. */
export type QueryVectorLog = Map<string, { vector: Float32Array; truncated: boolean }>;

const scope = new AsyncLocalStorage<{ log: QueryVectorLog; mode: 'record' | 'reuse' }>();

/** Runs `task` keeping every query vector its embedders compute in `log`. */
export function recordingQueryVectors<T>(log: QueryVectorLog, task: () => Promise<T>): Promise<T> {
  return scope.run({ log, mode: 'record' }, task);
}

/** Runs `task` taking the query vectors `log` holds instead of embedding those queries again. */
export function reusingQueryVectors<T>(log: QueryVectorLog, task: () => Promise<T>): Promise<T> {
  return scope.run({ log, mode: 'reuse' }, task);
}

/**
 * `embedder`, with its query embeddings recorded into or taken from a QueryVectorLog when run
 * inside recordingQueryVectors / reusingQueryVectors, and untouched otherwise. What it is for:
 * ANN recall holds a cluster's knn results against our exact scan for the same query vectors,
 * and the knn run has already embedded every query; embedding them again for the scan doubled
 * the calls to a paid or rate-limited embeddings API. Scoped, never a cache: every other run
 * embeds each query itself, so the latency it records includes the embedding, as a user's would.
 */
export function withQueryVectorLog(embedder: Embedder): Embedder {
  const key = (text: string) => `${embedder.id}\n${text}`;
  return {
    id: embedder.id,
    dims: embedder.dims,
    maxTokens: embedder.maxTokens,
    async embed(texts: string[], role: EmbedRole): Promise<EmbedBatch> {
      const at = scope.getStore();
      if (!at || role !== 'query') return embedder.embed(texts, role);
      const kept = texts.map((t) => at.log.get(key(t)));
      if (at.mode === 'reuse' && kept.every((k) => k !== undefined))
        return { vectors: kept.map((k) => k!.vector), truncated: kept.map((k) => k!.truncated) };
      const batch = await embedder.embed(texts, role);
      if (at.mode === 'record')
        texts.forEach((t, i) => at.log.set(key(t), { vector: batch.vectors[i]!, truncated: batch.truncated[i]! }));
      return batch;
    },
    ...(embedder.close && { close: () => embedder.close!() }),
  };
}
