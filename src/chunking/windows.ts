import type { Span } from './span.js';

/**
 * Spans covering `size` consecutive units each, starting every `step` units, the last one
 * ending at the last unit. With `step <= size` every unit lies in some window. Units are
 * trimmed spans in order, so the windows are too.
 */
export function slidingWindows(units: readonly Span[], size: number, step: number): Span[] {
  const windows: Span[] = [];
  for (let first = 0; first < units.length; first += step) {
    const last = Math.min(first + size, units.length) - 1;
    windows.push({ start: units[first]!.start, end: units[last]!.end });
    if (last === units.length - 1) break;
  }
  return windows;
}
