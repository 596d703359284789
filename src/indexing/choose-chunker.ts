import { parseChunker } from '../chunking/index.js';
import { readsTokens } from '../embedders/token-limit.js';
import type { Embedder } from '../embedders/types.js';

/** What `--chunker` defaults to: sized from the embedder (chooseChunker). */
export const DEFAULT_CHUNKER = 'auto';

/** The chunk size in words when nothing limits it (no embedder, or one that reads long input). */
export const LEXICAL_CHUNK_WORDS = 200;

/**
 * Tokens a word, to turn the embedder's input limit into a chunk size in words. WordPiece
 * models (MiniLM, bge) split English prose into about 1.3; use-lite's small English vocabulary
 * needs more: measured on the demo corpus (title + chunk, as embedded), 2.0 at the median, 3.1
 * at the 90th percentile (German, French and Japanese pages fall apart into pieces). 2 is the
 * median: most chunks fit, and the build counts and names the ones that do not.
 */
export const TOKENS_PER_WORD = 2;

/** The chunker a build used, and why. */
export interface ChunkerChoice {
  spec: string;
  reason: string;
}

/**
 * Resolves `auto`: `structure:N` with N words chosen so the embedder reads each chunk whole
 * (a chunk the model truncates is searched by its beginning only: the dense leg never sees the
 * rest), at most LEXICAL_CHUNK_WORDS. A named chunker is kept as it is.
 */
export function chooseChunker(
  requested: string,
  embedder: Pick<Embedder, 'id' | 'maxTokens'> | undefined,
): ChunkerChoice {
  if (requested !== DEFAULT_CHUNKER) return { spec: requested, reason: 'named with --chunker' };
  if (!embedder || embedder.maxTokens / TOKENS_PER_WORD >= LEXICAL_CHUNK_WORDS) {
    return {
      spec: `structure:${LEXICAL_CHUNK_WORDS}`,
      reason: embedder ? `${embedder.id} ${readsTokens(embedder.maxTokens)}` : 'no embedder',
    };
  }
  const words = Math.max(1, Math.floor(embedder.maxTokens / TOKENS_PER_WORD));
  return {
    spec: `structure:${words}`,
    reason: `${embedder.id} reads ${embedder.maxTokens} tokens, about ${words} words at ${TOKENS_PER_WORD} tokens a word`,
  };
}

/** Throws the chunker parser's InputError for a spec that is neither `auto` nor a valid chunker. */
export function checkChunkerSpec(spec: string): void {
  if (spec !== DEFAULT_CHUNKER) parseChunker(spec);
}
