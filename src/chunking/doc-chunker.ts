import type { Chunker } from './chunker.js';
import { spansToChunks, trimSpan } from './span.js';

/** `doc`: the whole document as one chunk (trimmed), the baseline that chunking is measured against. */
export function docChunker(): Chunker {
  return {
    spec: 'doc',
    chunk(doc) {
      const span = trimSpan(doc.text, 0, doc.text.length);
      return spansToChunks(doc, span.end > span.start ? [span] : []);
    },
  };
}
