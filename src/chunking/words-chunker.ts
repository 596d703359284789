import type { Chunker } from './chunker.js';
import { spansToChunks } from './span.js';
import { slidingWindows } from './windows.js';
import { wordSpans } from './words.js';

/**
 * `words:SIZE:OVERLAP`: windows of `size` words, each starting `size - overlap` words after the
 * previous. Blind to structure, which makes it the usual fixed-size baseline.
 * Expects `size >= 1` and `0 <= overlap < size` (checked by `parseChunker`).
 */
export function wordsChunker(size: number, overlap: number): Chunker {
  return {
    spec: `words:${size}:${overlap}`,
    chunk: (doc) => spansToChunks(doc, slidingWindows(wordSpans(doc.text), size, size - overlap)),
  };
}
