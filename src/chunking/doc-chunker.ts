import type { Chunker } from './chunker.js';
import { spansToChunks, trimSpan } from './span.js';

/**
 * `doc`: the whole document (trimmed) as one chunk; the baseline chunking is measured against.
 * Unbounded by design: a 50 MB document is a 50 MB chunk.
 */
export function docChunker(): Chunker {
  return {
    spec: 'doc',
    maxChars: Infinity,
    chunk(doc) {
      const span = trimSpan(doc.text, 0, doc.text.length);
      return spansToChunks(doc, span.end > span.start ? [span] : []);
    },
  };
}
