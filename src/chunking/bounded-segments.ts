import { pieceEnd } from '../analysis/max-token-length.js';

/** A sentence as `[start, end)` offsets, with the trailing whitespace the segmenter includes. */
export type Segment = readonly [start: number, end: number];

/**
 * The longest sentence, in UTF-16 code units, before it is cut. Far above ordinary prose (a
 * long legal sentence is a few thousand characters), so only text without sentence ends (a 50 MB
 * line, a dump of identifiers) reaches it; without a cap such text is one "sentence" that the
 * segmenter must read whole and the sentences chunker returns as one giant chunk.
 */
export const MAX_SENTENCE_CHARS = 65_536;

// Node 20's Intl.Segmenter slows down quadratically on long strings with many segments
// (a 1.5 MB text takes seconds), so it is fed windows of a few thousand characters. A sentence
// ending within MARGIN of a window's end is not trusted: the rules may look further ahead
// (e.g. past "etc. 3 " for a lower-case word), so the next window starts at that sentence.
const WINDOW = 4096;
const MARGIN = 256;
const SPACE = /\s/;

let segmenter: Intl.Segmenter | undefined;

/**
 * Sentence segments of `text` by Unicode sentence rules, the same as one `Intl.Segmenter` pass
 * would give, in time linear in the length. A sentence longer than a window widens the window
 * (doubling, so the cost stays linear) until the sentence fits, up to `maxLength` characters:
 * a sentence longer than that is cut before the last word that starts within its first
 * `maxLength` characters (or at `maxLength` itself if it has no space), and segmenting resumes
 * at the cut. So no segment exceeds `maxLength` and no window exceeds `maxLength` + MARGIN,
 * which also bounds what the segmenter holds at once.
 */
export function boundedSegments(text: string, maxLength = MAX_SENTENCE_CHARS): Segment[] {
  segmenter ??= new Intl.Segmenter(undefined, { granularity: 'sentence' });
  const widest = maxLength + MARGIN;
  const segments: Segment[] = [];
  let from = 0;
  let width = WINDOW;
  while (from < text.length) {
    const to = Math.min(text.length, from + width);
    const final = to === text.length;
    let next = from;
    let cut = false;
    for (const { index, segment } of segmenter.segment(text.slice(from, to))) {
      const start = from + index;
      const end = start + segment.length;
      if (end - start > maxLength) {
        // Cut whether or not the window saw the sentence's real end: it is too long either way.
        next = cutBefore(text, start, start + maxLength);
        segments.push([start, next]);
        cut = true;
        break;
      }
      if (!final && end > to - MARGIN) break;
      segments.push([start, end]);
      next = end;
    }
    if (final && !cut) break;
    // After a cut the text goes on without sentence ends, likely for a while: keep the width.
    if (!cut) width = next === from ? Math.min(width * 2, widest) : WINDOW;
    from = next;
  }
  return segments;
}

/** The start of the last word beginning in `(start, limit]`, else `limit` (not inside a surrogate pair). */
function cutBefore(text: string, start: number, limit: number): number {
  for (let p = limit; p > start; p--) {
    if (SPACE.test(text[p - 1]!) && !SPACE.test(text[p]!)) return p;
  }
  return pieceEnd(text, start, text.length, limit - start);
}
