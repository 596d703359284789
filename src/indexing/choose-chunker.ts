import { parseChunker } from '../chunking/index.js';
import { readsTokens } from '../embedders/token-limit.js';
import type { Embedder } from '../embedders/types.js';
import { USE_LITE_ID } from '../embedders/use-lite.js';

/** What `--chunker` defaults to: sized from the embedder (chooseChunker). */
export const DEFAULT_CHUNKER = 'auto';

/** The chunk size in words when nothing limits it (no embedder, or one that reads long input). */
export const LEXICAL_CHUNK_WORDS = 200;

/**
 * Tokens a word, to turn the embedder's input limit into a chunk size in words. WordPiece
 * models (MiniLM, bge) split English prose into about 1.3; 2 leaves room for markup and other
 * languages. use-lite has its own figure (USE_LITE_TOKENS_PER_WORD).
 */
export const TOKENS_PER_WORD = 2;

/**
 * use-lite's small English vocabulary needs more tokens a word, and markup (Markdown lists,
 * tables, code) more still: on the demo corpus (title + chunk, as embedded, counted with
 * use-lite's tokenizer: bench/use-lite-chunk-fit.ts) 2.0 at the median, 3.2 at the 90th
 * percentile, 4.6 at the 99th. The 90th percentile: at its 128 tokens that is structure:40,
 * where 110 of the demo's 2,004 chunks (5.5%) are longer than the model reads; the median
 * (structure:64) left 317 of 1,327 (24%) cut. No size in words fits every chunk: a fenced code
 * block is never cut by words (structure-chunker.ts).
 */
export const USE_LITE_TOKENS_PER_WORD = 3.2;

/**
 * The share of chunks a chunk size chosen by `auto` may leave longer than the embedder reads:
 * one in ten, as sizing at the 90th percentile of tokens a word expects. A build warns when more
 * were cut (the estimate did not hold for this corpus), not about the few the choice accepted.
 */
export const AUTO_CUT_SHARE = 0.1;

/** The chunker a build used, and why. */
export interface ChunkerChoice {
  spec: string;
  reason: string;
  /** The share of chunks the choice expects the embedder to cut (AUTO_CUT_SHARE), 0 when none may be. */
  cutShare: number;
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
  if (requested !== DEFAULT_CHUNKER) return { spec: requested, reason: 'named with --chunker', cutShare: 0 };
  const perWord = embedder?.id === USE_LITE_ID ? USE_LITE_TOKENS_PER_WORD : TOKENS_PER_WORD;
  if (!embedder || embedder.maxTokens / perWord >= LEXICAL_CHUNK_WORDS) {
    return {
      spec: `structure:${LEXICAL_CHUNK_WORDS}`,
      reason: embedder ? `${embedder.id} ${readsTokens(embedder.maxTokens)}` : 'no embedder',
      cutShare: 0,
    };
  }
  const words = Math.max(1, Math.floor(embedder.maxTokens / perWord));
  return {
    spec: `structure:${words}`,
    reason: `${embedder.id} reads ${embedder.maxTokens} tokens, about ${words} words at ${perWord} tokens a word, so 9 chunks in 10 fit`,
    cutShare: AUTO_CUT_SHARE,
  };
}

/** Throws the chunker parser's InputError for a spec that is neither `auto` nor a valid chunker. */
export function checkChunkerSpec(spec: string): void {
  if (spec !== DEFAULT_CHUNKER) parseChunker(spec);
}
