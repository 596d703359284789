import { describe, expect, it } from 'vitest';
import { sentenceSpans } from '../../src/chunking/sentences.js';
import { at } from './helpers.js';

describe('sentenceSpans', () => {
  it('splits at sentence ends and trims the spaces between', () => {
    const text = ' First one. Second one!  Third? ';
    expect(sentenceSpans(text)).toEqual([at(text, 'First one.'), at(text, 'Second one!'), at(text, 'Third?')]);
  });

  it('splits at 。！？ with no space after them', () => {
    const text = '今日は晴れ。明日は雨！本当？';
    expect(sentenceSpans(text)).toEqual([at(text, '今日は晴れ。'), at(text, '明日は雨！'), at(text, '本当？')]);
  });

  it('does not end a sentence at a hard line wrap, but does at a blank line', () => {
    const text = 'A sentence that\nwraps, twice\r\nover lines. Next one\n\nNo stop here\n \nLast';
    expect(sentenceSpans(text)).toEqual([
      at(text, 'A sentence that\nwraps, twice\r\nover lines.'),
      at(text, 'Next one'),
      at(text, 'No stop here'),
      at(text, 'Last'),
    ]);
  });

  it('reports offsets into the whole text when given a range', () => {
    const text = 'Skip me. Take this. And this. Not this.';
    const range = { start: text.indexOf('Take'), end: text.indexOf(' Not') };
    expect(sentenceSpans(text, range.start, range.end)).toEqual([at(text, 'Take this.'), at(text, 'And this.')]);
  });

  it('gives nothing for whitespace', () => {
    expect(sentenceSpans('')).toEqual([]);
    expect(sentenceSpans(' \n\n\t')).toEqual([]);
  });
});
