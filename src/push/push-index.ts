import { ConflictError, InputError } from '../errors.js';
import { RemoteError } from '../remote/remote-error.js';
import { IndexReader } from '../store/index-reader.js';
import { pushChunkOf, type PushChunk } from './push-chunk.js';
import type { PushTarget } from './push-target.js';
import { RefusedChunksError } from './refused-chunks-error.js';

export const DEFAULT_PUSH_BATCH = 500;

export interface PushOptions {
  /** The index file to read. */
  file: string;
  target: PushTarget;
  /** Chunks per bulk/upsert request (default 500). */
  batchSize?: number;
  /** Delete an existing index or collection of that name first; without it one is refused. */
  replace?: boolean;
  /** After each batch: chunks sent so far of `total`. */
  onProgress?: (p: { done: number; total: number }) => void;
}

export interface PushSummary {
  chunks: number;
  vectors: number;
  /** null when the index has no vectors. */
  dims: number | null;
  batches: number;
  seconds: number;
  replaced: boolean;
}

/**
 * Sends every chunk of an index to a search engine, in rowid order, a batch per request, one
 * request at a time (the engine's own indexing is the bottleneck, and a failure then names the
 * batch that failed with nothing after it half-sent). The engine is asked at the end how many
 * chunks it holds: a push succeeds only when that is every chunk of the index.
 */
export async function pushIndex(options: PushOptions): Promise<PushSummary> {
  const { file, target } = options;
  const batchSize = options.batchSize ?? DEFAULT_PUSH_BATCH;
  if (!Number.isInteger(batchSize) || batchSize < 1)
    throw new InputError(`batch size must be a positive integer, got ${batchSize}`);
  const reader = IndexReader.open(file);
  try {
    const t0 = performance.now();
    const { counts, embedder } = reader.meta;
    const dims = embedder && counts.vectors > 0 ? embedder.dims : null;
    if (dims === null && target.needsVectors) {
      throw new InputError(
        `the index has no vectors (built with --embedder none), and a ${target.label} keeps points by their vector; push it to opensearch or elasticsearch, or rebuild it with an embedder`,
        { file },
      );
    }
    let replaced = false;
    if (await target.exists()) {
      if (!options.replace)
        throw new ConflictError(
          `${target.label} already exists; pass --replace to delete it and push again, or choose another --name`,
        );
      await target.remove();
      replaced = true;
    }
    await target.create(dims, () => reader.filterFields());
    const total = counts.chunks;
    let done = 0;
    let vectors = 0;
    let batches = 0;
    for (let after = 0; ; ) {
      const rows = reader.exportPage(after, batchSize);
      if (rows.length === 0) break;
      const batch = rows.map((r) => pushChunkOf(r, dims ?? 0, file));
      await sendBatch(target, batch, { done, total });
      after = rows[rows.length - 1]!.rowid;
      done += batch.length;
      vectors += batch.filter((c) => c.vector).length;
      batches++;
      options.onProgress?.({ done, total });
    }
    const held = await target.finish();
    if (held !== done)
      throw new ConflictError(
        `${target.label} holds ${held} chunks after the push, not the ${done} sent; something else writes to it, or it dropped some`,
      );
    return { chunks: done, vectors, dims, batches, seconds: (performance.now() - t0) / 1000, replaced };
  } finally {
    reader.close();
  }
}

/**
 * A 413 is the engine's request size limit (http.max_content_length on OpenSearch and
 * Elasticsearch): say which flag gets under it. A batch the engine took only in part says how
 * many chunks of the whole push it holds: those before this batch and those of it acknowledged.
 */
async function sendBatch(
  target: PushTarget,
  batch: PushChunk[],
  progress: { done: number; total: number },
): Promise<void> {
  try {
    await target.send(batch);
  } catch (err) {
    if (err instanceof RefusedChunksError) {
      throw new RemoteError(
        err.caller,
        err.endpoint,
        `${err.problem}; the engine indexed ${progress.done + err.acknowledged} of ${progress.total} chunks (they stay in the index: fix the cause and push again with --replace)`,
        err.httpStatus,
      );
    }
    if (err instanceof RemoteError && err.httpStatus === 413) {
      throw new RemoteError(
        err.caller,
        err.endpoint,
        `${err.problem}; a batch of ${batch.length} chunks is more than the engine takes in one request: pass a smaller --batch`,
        413,
      );
    }
    throw err;
  }
}
