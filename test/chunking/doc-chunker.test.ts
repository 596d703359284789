import { describe, expect, it } from 'vitest';
import { docChunker } from '../../src/chunking/doc-chunker.js';
import { at, doc } from './helpers.js';

describe('docChunker', () => {
  it('gives the whole text, trimmed, as one chunk', () => {
    const text = '\n  Hello world.\n\nSecond paragraph.  \n';
    const { start, end } = at(text, 'Hello world.\n\nSecond paragraph.');
    expect(docChunker().chunk(doc(text))).toEqual([
      { id: 'd#0', docId: 'd', ordinal: 0, start, end, title: 'T', text: text.slice(start, end) },
    ]);
  });

  it('gives no chunk for an empty or all-whitespace text', () => {
    expect(docChunker().chunk(doc(''))).toEqual([]);
    expect(docChunker().chunk(doc(' \n\t\u3000'))).toEqual([]);
  });
});
