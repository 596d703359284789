import { parseChunker } from '../chunking/index.js';
import { cacheKey } from '../embedders/embedding-cache.js';
import type { EmbedBatch, Embedder } from '../embedders/types.js';
import { openCorpus } from '../corpus/index.js';
import { embedText } from './embed-text.js';
import type { ShippedVectors } from './shipped-vectors.js';

/** A text the shipped vectors do not hold: the corpus or its chunking changed since they were made. */
export class ShippedVectorMissingError extends Error {
  constructor(file: string) {
    super(`${file} holds no vector for a chunk of this corpus (regenerate it: npx tsx scripts/demo-vectors.ts)`);
    this.name = 'ShippedVectorMissingError';
  }
}

/**
 * An embedder that answers from shipped vectors instead of a model, under the model's id, so the
 * index it builds is searched with that model's query vectors as if the model had built it. Only
 * passages: queries are embedded by the real model at search time.
 */
export function shippedEmbedder(shipped: ShippedVectors): Embedder {
  const { model } = shipped.header;
  return {
    id: model.id,
    dims: model.dims,
    maxTokens: model.maxTokens,
    async embed(texts: string[]): Promise<EmbedBatch> {
      const found = texts.map((t) => shipped.byKey.get(cacheKey('passage', t).toString('hex')));
      if (found.some((f) => f === undefined)) throw new ShippedVectorMissingError(shipped.file);
      return { vectors: found.map((f) => f!.vector), truncated: found.map((f) => f!.truncated) };
    },
  };
}

/**
 * The distinct texts a build embeds for `corpus` cut with `chunker` (embedText of each chunk),
 * by key (cacheKey('passage', text), hex), in corpus order; the total chunk count besides.
 */
export async function chunkTextsByKey(
  corpus: string,
  chunker: string,
): Promise<{ chunks: number; texts: Map<string, string> }> {
  const cut = parseChunker(chunker);
  const source = await openCorpus(corpus);
  const texts = new Map<string, string>();
  let chunks = 0;
  for await (const doc of source.docs()) {
    for (const chunk of cut.chunk(doc)) {
      chunks++;
      const text = embedText(chunk);
      texts.set(cacheKey('passage', text).toString('hex'), text);
    }
  }
  return { chunks, texts };
}

/**
 * How well shipped vectors fit a corpus cut with their chunker: the distinct chunk texts they
 * hold no vector for, and the vectors no chunk needs. Reads the corpus only, so it is cheap next
 * to a build.
 */
export async function shippedVectorsFit(
  corpus: string,
  shipped: ShippedVectors,
): Promise<{ chunks: number; missing: number; unused: number }> {
  const { chunks, texts } = await chunkTextsByKey(corpus, shipped.header.chunker);
  let missing = 0;
  for (const key of texts.keys()) if (!shipped.byKey.has(key)) missing++;
  return { chunks, missing, unused: shipped.byKey.size - (texts.size - missing) };
}
