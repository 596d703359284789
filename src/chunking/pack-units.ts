import type { Span } from './span.js';

/** An uncuttable piece of text for packing. */
export interface Unit extends Span {
  words: number;
  /** Must not end a chunk while more units follow (a heading belongs with what comes after it). */
  glue: boolean;
}

/**
 * Packs units, in order, greedily into spans of at most `max` words and at most `maxChars`
 * characters (from the first unit's start to the last one's end). When a unit does not fit, the
 * chunk so far is closed, except for any glue units at its end, which move on to lead the next
 * chunk. A chunk can therefore exceed `max` words only when it is one oversized unit or a run of
 * glue units plus the unit they lead. The character bound is firmer: glue that would carry a
 * chunk past `maxChars` is let go (the heading closes its own chunk), so only a single unit over
 * `maxChars` can exceed it. Linear: it keeps running totals instead of re-summing.
 */
export function packUnits(units: readonly Unit[], max: number, maxChars = Infinity): Span[] {
  const spans: Span[] = [];
  const emit = (first: number, last: number) => spans.push({ start: units[first]!.start, end: units[last]!.end });
  let first = 0; // first unit of the open chunk
  let words = 0;
  let tail = 0; // first unit of the glue run at the end of the open chunk (= next unit if none)
  let tailWords = 0;

  units.forEach((unit, i) => {
    const tooLong = () => unit.end - units[first]!.start > maxChars;
    if (i > first && tail > first && (words + unit.words > max || tooLong())) {
      emit(first, tail - 1);
      first = tail;
      words = tailWords;
    }
    if (i > first && tooLong()) {
      emit(first, i - 1);
      first = i;
      tail = i;
      words = 0;
      tailWords = 0;
    }
    words += unit.words;
    if (unit.glue) {
      tailWords += unit.words;
    } else {
      tail = i + 1;
      tailWords = 0;
    }
  });
  if (units.length > first) emit(first, units.length - 1);
  return spans;
}
