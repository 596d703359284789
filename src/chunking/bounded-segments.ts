/** A sentence as `[start, end)` offsets, with the trailing whitespace the segmenter includes. */
export type Segment = readonly [start: number, end: number];

// Node 20's Intl.Segmenter slows down quadratically on long strings with many segments
// (a 1.5 MB text takes seconds), so it is fed windows of a few thousand characters. A sentence
// ending within MARGIN of a window's end is not trusted: the rules may look further ahead
// (e.g. past "etc. 3 " for a lower-case word), so the next window starts at that sentence.
const WINDOW = 4096;
const MARGIN = 256;

let segmenter: Intl.Segmenter | undefined;

/**
 * Sentence segments of `text` by Unicode sentence rules, the same as one `Intl.Segmenter` pass
 * would give, in time linear in the length. A sentence longer than a window widens the window
 * (doubling, so the cost stays linear) until the sentence fits.
 */
export function boundedSegments(text: string): Segment[] {
  segmenter ??= new Intl.Segmenter(undefined, { granularity: 'sentence' });
  const segments: Segment[] = [];
  let from = 0;
  let width = WINDOW;
  while (from < text.length) {
    const to = Math.min(text.length, from + width);
    const final = to === text.length;
    let next = from;
    for (const { index, segment } of segmenter.segment(text.slice(from, to))) {
      const end = from + index + segment.length;
      if (!final && end > to - MARGIN) break;
      segments.push([from + index, end]);
      next = end;
    }
    if (final) break;
    width = next === from ? width * 2 : WINDOW;
    from = next;
  }
  return segments;
}
