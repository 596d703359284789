import { NO_TOKEN_LIMIT } from './token-limit.js';
import type { EmbedBatch, Embedder } from './types.js';

/**
 * A feature-hashing bag-of-words "embedder": each lower-cased word adds ±1 to one of `dims`
 * buckets (FNV-1a hash; the sign comes from another bit so collisions cancel on average), then
 * the vector is L2-normalised. Deterministic, instant and dependency-free: used by the tests and
 * as a smoke-test baseline. It is a lexical method in disguise, not a semantic model.
 */
export function createHashEmbedder(dims = 256): Embedder {
  if (!Number.isInteger(dims) || dims < 2)
    throw new RangeError(`hash embedder dims must be an integer >= 2, got ${dims}`);
  return {
    id: `hash:${dims}`,
    dims,
    maxTokens: NO_TOKEN_LIMIT,
    async embed(texts: string[]): Promise<EmbedBatch> {
      return { vectors: texts.map((t) => hashVector(t, dims)), truncated: texts.map(() => false) };
    },
  };
}

export function hashVector(text: string, dims: number): Float32Array {
  const v = new Float32Array(dims);
  for (const word of text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []) {
    const h = fnv1a(word);
    v[h % dims]! += h & 0x80000000 ? -1 : 1;
  }
  return normalize(v);
}

/** In place; a zero vector stays zero (it scores 0 against everything). */
export function normalize(v: Float32Array): Float32Array {
  let sum = 0;
  for (let i = 0; i < v.length; i++) sum += v[i]! * v[i]!;
  const norm = Math.sqrt(sum);
  if (norm > 0) for (let i = 0; i < v.length; i++) v[i]! /= norm;
  return v;
}

function fnv1a(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}
