import type { Chunker } from './chunker.js';
import { spansToChunks } from './span.js';
import { slidingWindows } from './windows.js';
import { MAX_WORD_CHARS, words } from './words.js';

/**
 * `words:SIZE:OVERLAP`: windows of `size` words, each starting `size - overlap` words after the
 * previous. Blind to structure, which makes it the usual fixed-size baseline. A chunk is also at
 * most `size * MAX_WORD_CHARS` characters: words are at most MAX_WORD_CHARS long, so only a run
 * of whitespace longer than the words could fill closes a window early.
 * Expects `size >= 1` and `0 <= overlap < size` (checked by `parseChunker`).
 */
export function wordsChunker(size: number, overlap: number): Chunker {
  const maxChars = size * MAX_WORD_CHARS;
  return {
    spec: `words:${size}:${overlap}`,
    maxChars,
    chunk: (doc) => spansToChunks(doc, slidingWindows(words(doc.text), size, size - overlap, maxChars)),
  };
}
