import type { Span } from './span.js';

/**
 * Spans covering up to `size` consecutive units each, starting every `step` units, the last one
 * ending at the last unit. A window also closes early rather than span more than `maxChars`
 * characters (whitespace between units included); only a single unit longer than that can make
 * a longer window. With `step <= size` every unit lies in some window: when an early close
 * leaves the next unit outside every open window, a new window starts there. Without early
 * closes the windows are exactly every `step` units. Units are trimmed spans in order, so the
 * windows are too, and their starts and ends both strictly increase.
 *
 * `units` is read once, in order, keeping only the windows still open, so they can come from a
 * generator: a 50 MB document's words are never all in memory.
 */
export function slidingWindows(units: Iterable<Span>, size: number, step: number, maxChars = Infinity): Span[] {
  const windows: Span[] = [];
  // Open windows, oldest first, as parallel queues: where each starts and its first unit's index.
  // A head index instead of shift(): with step 1 up to `size` windows are open at once.
  const starts: number[] = [];
  const firsts: number[] = [];
  let head = 0;
  let index = 0;
  let lastOpened = 0;
  let previousEnd = 0;
  for (const unit of units) {
    let closedHere = false;
    while (head < starts.length && (index - firsts[head]! >= size || unit.end - starts[head]! > maxChars)) {
      // Windows closing at the same unit end at the same place: later ones lie inside the first.
      if (!closedHere) windows.push({ start: starts[head]!, end: previousEnd });
      closedHere = true;
      head++;
    }
    if (head === starts.length || index - lastOpened >= step) {
      starts.push(unit.start);
      firsts.push(index);
      lastOpened = index;
    }
    if (head > 1024 && head * 2 > starts.length) {
      starts.splice(0, head);
      firsts.splice(0, head);
      head = 0;
    }
    previousEnd = unit.end;
    index++;
  }
  // The oldest open window reaches the last unit; younger ones would only repeat its tail.
  if (head < starts.length) windows.push({ start: starts[head]!, end: previousEnd });
  return windows;
}
