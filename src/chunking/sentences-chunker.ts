import type { Chunker } from './chunker.js';
import { sentenceSpans } from './sentences.js';
import { spansToChunks } from './span.js';
import { slidingWindows } from './windows.js';

/**
 * `sentences:N:OVERLAP`: windows of `n` sentences, each starting `n - overlap` sentences after
 * the previous, so no passage starts or ends mid-sentence.
 * Expects `n >= 1` and `0 <= overlap < n` (checked by `parseChunker`).
 */
export function sentencesChunker(n: number, overlap: number): Chunker {
  return {
    spec: `sentences:${n}:${overlap}`,
    chunk: (doc) => spansToChunks(doc, slidingWindows(sentenceSpans(doc.text), n, n - overlap)),
  };
}
