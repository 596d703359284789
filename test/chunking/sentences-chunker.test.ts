import { describe, expect, it } from 'vitest';
import { sentencesChunker } from '../../src/chunking/sentences-chunker.js';
import { at, doc } from './helpers.js';

const texts = (text: string, n: number, overlap: number) =>
  sentencesChunker(n, overlap)
    .chunk(doc(text))
    .map((c) => c.text);

describe('sentencesChunker', () => {
  const text = 'One. Two! Three? Four. Five.';

  it('groups N sentences per chunk', () => {
    expect(texts(text, 2, 0)).toEqual(['One. Two!', 'Three? Four.', 'Five.']);
  });

  it('steps N - OVERLAP sentences', () => {
    expect(texts(text, 2, 1)).toEqual(['One. Two!', 'Two! Three?', 'Three? Four.', 'Four. Five.']);
    expect(texts(text, 3, 1)).toEqual(['One. Two! Three?', 'Three? Four. Five.']);
  });

  it('keeps exact offsets across line wraps and CJK sentence ends', () => {
    const mixed = '  Wrapped\nsentence here.  今日は晴れ。明日は雨！ ';
    const chunks = sentencesChunker(2, 0).chunk(doc(mixed));
    expect(chunks.map(({ start, end }) => ({ start, end }))).toEqual([
      at(mixed, 'Wrapped\nsentence here.  今日は晴れ。'),
      at(mixed, '明日は雨！'),
    ]);
    expect(chunks.map((c) => c.ordinal)).toEqual([0, 1]);
  });

  it('says its spec', () => {
    expect(sentencesChunker(5, 1).spec).toBe('sentences:5:1');
  });
});
