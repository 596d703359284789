import type { Span } from './span.js';

// Scripts written without spaces between words. Each of their characters counts as one word,
// so a Chinese or Thai page still splits to size. Combining marks and punctuation right after
// such a character stay with it: a Thai vowel sign is not a word, and `。` is not a chunk.
const NO_SPACE = ['Han', 'Hiragana', 'Katakana', 'Thai', 'Lao', 'Khmer', 'Myanmar']
  .map((script) => `\\p{Script=${script}}`)
  .join('');
// What may trail such a character: marks, modifier letters (the length mark ー, 々, ๆ) and
// punctuation other than opening brackets and quotes.
const TRAILING = '\\p{M}\\p{Lm}\\p{Pc}\\p{Pd}\\p{Pe}\\p{Pf}\\p{Po}';

// Global and shared: each call resets lastIndex and runs to completion (no re-entrancy).
const WORD = new RegExp(`[${NO_SPACE}][${TRAILING}]*|[^\\s${NO_SPACE}]+`, 'gu');

/**
 * The words of `text[start, end)`: maximal runs of non-whitespace, except that characters of
 * space-less scripts are one word each (with the marks and punctuation after them). Works on
 * the slice, so a word running past `end` is cut there and each call costs only its range.
 */
export function wordSpans(text: string, start = 0, end = text.length): Span[] {
  const part = text.slice(start, end);
  const spans: Span[] = [];
  WORD.lastIndex = 0;
  for (let m; (m = WORD.exec(part)); ) {
    spans.push({ start: start + m.index, end: start + WORD.lastIndex });
  }
  return spans;
}

/** How many words `text[start, end)` holds, by the same definition as `wordSpans`. */
export function countWords(text: string, start = 0, end = text.length): number {
  const part = text.slice(start, end);
  let n = 0;
  WORD.lastIndex = 0;
  while (WORD.exec(part)) n++;
  return n;
}
