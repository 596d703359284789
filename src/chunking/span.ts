import type { Doc } from '../corpus/types.js';
import type { Chunk } from './types.js';

/** A half-open range `[start, end)` of UTF-16 offsets into a document's text. */
export interface Span {
  start: number;
  end: number;
}

// The same character set as String.prototype.trim and regex `\s`, so a trimmed span's text
// satisfies `text === text.trim()`.
const SPACE = /\s/;

/** Shrinks `[start, end)` past whitespace at both ends; an all-whitespace range becomes empty. */
export function trimSpan(text: string, start: number, end: number): Span {
  while (start < end && SPACE.test(text[start]!)) start++;
  while (end > start && SPACE.test(text[end - 1]!)) end--;
  return { start, end };
}

/**
 * Builds the chunks for `doc` from spans that are already trimmed, non-empty and in document
 * order. Kept in one place so every chunker numbers and names chunks the same way.
 */
export function spansToChunks(doc: Doc, spans: readonly Span[]): Chunk[] {
  return spans.map(({ start, end }, ordinal) => ({
    id: `${doc.id}#${ordinal}`,
    docId: doc.id,
    ordinal,
    start,
    end,
    title: doc.title,
    text: doc.text.slice(start, end),
  }));
}
