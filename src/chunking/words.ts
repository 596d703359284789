import { MAX_TOKEN_LENGTH, pieceEnd } from '../analysis/max-token-length.js';
import type { Span } from './span.js';

/**
 * The longest word chunking counts, in UTF-16 code units: a longer run of non-whitespace (a
 * URL, a base64 blob, a 50 MB token) counts as consecutive words of at most this length, the
 * analyser's token bound (Lucene's maxTokenLength), so no single word can outgrow a chunk.
 */
export const MAX_WORD_CHARS = MAX_TOKEN_LENGTH;

// Scripts written without spaces between words. Each of their characters counts as one word,
// so a Chinese or Thai page still splits to size. Combining marks and punctuation right after
// such a character stay with it: a Thai vowel sign is not a word, and `。` is not a chunk.
const NO_SPACE = ['Han', 'Hiragana', 'Katakana', 'Thai', 'Lao', 'Khmer', 'Myanmar']
  .map((script) => `\\p{Script=${script}}`)
  .join('');
// What may trail such a character: marks, modifier letters (the length mark ー, 々, ๆ) and
// punctuation other than opening brackets and quotes.
const TRAILING = '\\p{M}\\p{Lm}\\p{Pc}\\p{Pd}\\p{Pe}\\p{Pf}\\p{Po}';

// Bounded repeats, so the engine never scans more than one word ahead however long the run; the
// counts are in code points (the `u` flag), so a match is then cut to MAX_WORD_CHARS code units.
// Global and shared: every use sets lastIndex right before exec and reads it right after, so
// interleaved iterations (a suspended `words` generator) cannot disturb each other.
const WORD = new RegExp(
  `[${NO_SPACE}][${TRAILING}]{0,${MAX_WORD_CHARS - 1}}|[^\\s${NO_SPACE}]{1,${MAX_WORD_CHARS}}`,
  'gu',
);

/**
 * The words of `text[start, end)`, lazily, in order: maximal runs of non-whitespace cut into
 * pieces of at most MAX_WORD_CHARS, except that characters of space-less scripts are one word
 * each (with the marks and punctuation after them). Works on the slice, so a word running past
 * `end` is cut there and each call costs only its range. Lazy so a 50 MB document's millions of
 * words never sit in memory at once.
 */
export function* words(text: string, start = 0, end = text.length): Generator<Span> {
  const part = text.slice(start, end);
  for (let pos = 0; ; ) {
    WORD.lastIndex = pos;
    const m = WORD.exec(part);
    if (m === null) return;
    pos = pieceEnd(part, m.index, WORD.lastIndex, MAX_WORD_CHARS);
    yield { start: start + m.index, end: start + pos };
  }
}

/** The words of `text[start, end)` as an array; for ranges small enough to hold (one sentence). */
export function wordSpans(text: string, start = 0, end = text.length): Span[] {
  return Array.from(words(text, start, end));
}

/** How many words `text[start, end)` holds, by the same definition as `words`, without allocating spans. */
export function countWords(text: string, start = 0, end = text.length): number {
  const part = text.slice(start, end);
  let n = 0;
  for (let pos = 0; ; n++) {
    WORD.lastIndex = pos;
    const m = WORD.exec(part);
    if (m === null) return n;
    pos = pieceEnd(part, m.index, WORD.lastIndex, MAX_WORD_CHARS);
  }
}
