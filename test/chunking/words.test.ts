import { describe, expect, it } from 'vitest';
import { countWords, wordSpans } from '../../src/chunking/words.js';
import { at } from './helpers.js';

describe('wordSpans', () => {
  it('finds runs of non-whitespace with exact offsets', () => {
    const text = '  one two\tthree\n(four).';
    expect(wordSpans(text)).toEqual([at(text, 'one'), at(text, 'two'), at(text, 'three'), at(text, '(four).')]);
  });

  it('counts each Han, kana, Thai character as a word, with the marks and stops after it', () => {
    const zh = '我爱北京。';
    expect(wordSpans(zh).map((w) => zh.slice(w.start, w.end))).toEqual(['我', '爱', '北', '京。']);
    const ja = 'BM25は速い！';
    expect(wordSpans(ja).map((w) => ja.slice(w.start, w.end))).toEqual(['BM25', 'は', '速', 'い！']);
    // กิน = ก + vowel sign U+0E34 (a combining mark) + น: the mark is no word of its own.
    const th = 'กิน';
    expect(wordSpans(th)).toEqual([
      { start: 0, end: 2 },
      { start: 2, end: 3 },
    ]);
  });

  it('keeps characters outside the BMP whole', () => {
    const text = '𠀀𠀁'; // two Han characters, each a surrogate pair
    expect(wordSpans(text)).toEqual([
      { start: 0, end: 2 },
      { start: 2, end: 4 },
    ]);
  });

  it('reads only the given range, cutting a word at its end', () => {
    const text = 'alpha beta gamma';
    const from = text.indexOf('pha');
    const to = text.indexOf('mma');
    expect(wordSpans(text, from, to)).toEqual([
      { start: from, end: text.indexOf(' ') },
      at(text, 'beta'),
      { start: text.indexOf('gamma'), end: to },
    ]);
  });
});

describe('countWords', () => {
  it('agrees with wordSpans', () => {
    expect(countWords('')).toBe(0);
    expect(countWords(' \n\t ')).toBe(0);
    expect(countWords('a bb  ccc')).toBe(3);
    expect(countWords('日本語の本')).toBe(5);
    expect(countWords('hello world', 2, 8)).toBe(2); // "llo wo"
  });
});
