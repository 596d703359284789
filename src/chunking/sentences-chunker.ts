import { MAX_SENTENCE_CHARS } from './bounded-segments.js';
import type { Chunker } from './chunker.js';
import { sentenceSpans } from './sentences.js';
import { spansToChunks } from './span.js';
import { slidingWindows } from './windows.js';

/**
 * `sentences:N:OVERLAP`: windows of `n` sentences, each starting `n - overlap` sentences after
 * the previous, so no passage starts or ends mid-sentence, except in a sentence over
 * MAX_SENTENCE_CHARS, which is cut into sentence-sized pieces (boundedSegments). A chunk is at
 * most `n * MAX_SENTENCE_CHARS` characters: a window closes early rather than reach across more.
 * Expects `n >= 1` and `0 <= overlap < n` (checked by `parseChunker`).
 */
export function sentencesChunker(n: number, overlap: number): Chunker {
  const maxChars = n * MAX_SENTENCE_CHARS;
  return {
    spec: `sentences:${n}:${overlap}`,
    maxChars,
    chunk: (doc) => spansToChunks(doc, slidingWindows(sentenceSpans(doc.text), n, n - overlap, maxChars)),
  };
}
