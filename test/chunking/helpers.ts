import type { Doc } from '../../src/corpus/types.js';

/** The span of the first `needle` in `text` at or after `from`, worked out with indexOf. */
export function at(text: string, needle: string, from = 0): { start: number; end: number } {
  const start = text.indexOf(needle, from);
  if (start < 0) throw new Error(`"${needle}" not in text`);
  return { start, end: start + needle.length };
}

/** A document with a fixed id and title, so expected ids read `d#0`, `d#1`, ... */
export function doc(text: string): Doc {
  return { id: 'd', title: 'T', text };
}
