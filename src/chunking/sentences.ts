import { boundedSegments } from './bounded-segments.js';
import { trimSpan, type Span } from './span.js';

// The segmenter treats every line break as a sentence end. A single line break between two
// non-blank lines is only hard wrapping, so it is blanked out (same length, offsets unchanged)
// before segmenting; blank lines still end a sentence. The pattern starts at the line break so
// the engine can skip straight to candidates.
const SOFT_BREAK = /\r?\n(?<=\S[^\S\r\n]*\r?\n)(?=[^\S\r\n]*\S)/g;

/**
 * The sentences of `text[start, end)`, trimmed, whitespace-only pieces dropped. Boundaries come
 * from `Intl.Segmenter` (Unicode sentence rules, so 。！？ end sentences too); a sentence over
 * MAX_SENTENCE_CHARS is cut into pieces no longer (boundedSegments).
 */
export function sentenceSpans(text: string, start = 0, end = text.length): Span[] {
  const part = text.slice(start, end).replace(SOFT_BREAK, (m) => ' '.repeat(m.length));
  const spans: Span[] = [];
  for (const [from, to] of boundedSegments(part)) {
    const span = trimSpan(text, start + from, start + to);
    if (span.end > span.start) spans.push(span);
  }
  return spans;
}
