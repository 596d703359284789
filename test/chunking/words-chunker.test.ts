import { describe, expect, it } from 'vitest';
import { wordsChunker } from '../../src/chunking/words-chunker.js';
import { at, doc } from './helpers.js';

const spans = (text: string, size: number, overlap: number) =>
  wordsChunker(size, overlap)
    .chunk(doc(text))
    .map(({ start, end }) => ({ start, end }));

describe('wordsChunker', () => {
  const text = 'a bb\nccc  dddd eeeee';

  it('cuts fixed windows of SIZE words', () => {
    expect(spans(text, 2, 0)).toEqual([at(text, 'a bb'), at(text, 'ccc  dddd'), at(text, 'eeeee')]);
  });

  it('starts each window SIZE - OVERLAP words after the previous', () => {
    // Windows at words 0, 2: the second reaches the last word, so there is no third.
    expect(spans(text, 3, 1)).toEqual([at(text, 'a bb\nccc'), at(text, 'ccc  dddd eeeee')]);
    // Step 1: every window shares two words with the one before.
    expect(spans(text, 3, 2)).toEqual([at(text, 'a bb\nccc'), at(text, 'bb\nccc  dddd'), at(text, 'ccc  dddd eeeee')]);
  });

  it('numbers and names chunks from the document', () => {
    const chunks = wordsChunker(2, 0).chunk({ id: 'doc-7', title: 'Title', text });
    expect(chunks.map((c) => [c.id, c.docId, c.ordinal, c.title])).toEqual([
      ['doc-7#0', 'doc-7', 0, 'Title'],
      ['doc-7#1', 'doc-7', 1, 'Title'],
      ['doc-7#2', 'doc-7', 2, 'Title'],
    ]);
    expect(chunks.map((c) => c.text)).toEqual(['a bb', 'ccc  dddd', 'eeeee']);
  });

  it('splits Chinese text, which has no spaces, by characters', () => {
    const zh = '我爱北京天安门。';
    expect(
      wordsChunker(3, 0)
        .chunk(doc(zh))
        .map((c) => c.text),
    ).toEqual(['我爱北', '京天安', '门。']);
  });

  it('says its spec and gives nothing for whitespace', () => {
    expect(wordsChunker(200, 10).spec).toBe('words:200:10');
    expect(wordsChunker(5, 0).chunk(doc(' \n '))).toEqual([]);
  });
});
