import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { boundedSegments } from '../../src/chunking/bounded-segments.js';

/** One unwindowed pass of the segmenter: what the windows must reproduce. */
const reference = (text: string) =>
  [...new Intl.Segmenter(undefined, { granularity: 'sentence' }).segment(text)].map(({ index, segment }) => [
    index,
    index + segment.length,
  ]);

describe('boundedSegments', () => {
  it('matches one segmenter pass across many windows', () => {
    // ~40k characters: many 4k windows, with sentences straddling each window edge.
    const sentence = (i: number) => `Sentence ${i} is here${'!?.'[i % 3]}`;
    const text = Array.from({ length: 1500 }, (_, i) => sentence(i)).join(' ');
    const segments = boundedSegments(text);
    expect(segments).toHaveLength(1500);
    expect(segments).toEqual(reference(text));
  });

  it('does not trust a sentence end that depends on text past the window', () => {
    // After "etc. " the rules look ahead over digits and spaces for a lower-case letter (then the
    // sentence goes on). Here that letter lies past the first 4096-character window.
    const filler = 'Filler sentence here. '.repeat(180); // 3960 characters
    const text = `${filler}Costs etc. ${'1 '.repeat(100)}and more. End.`;
    const segments = boundedSegments(text);
    expect(segments).toContainEqual([text.indexOf('Costs'), text.indexOf('End.')]);
    expect(segments).toEqual(reference(text));
  });

  it('widens the window for a sentence longer than it', () => {
    const long = `Many${' words'.repeat(3000)}.`; // 18k characters, no sentence end inside
    const text = `Short one. ${long} Tail.`;
    expect(boundedSegments(text)).toEqual([
      [0, text.indexOf(long)],
      [text.indexOf(long), text.indexOf('Tail.')],
      [text.indexOf('Tail.'), text.length],
    ]);
  });

  it('agrees with one pass on long arbitrary texts', () => {
    const piece = fc.constantFrom(
      ...[' ', '\n', '\n\n', 'a', 'B', 'etc', '.', '!', '?', ')', '"', '3', '。', '中', '\u00a0'],
    );
    fc.assert(
      fc.property(fc.string({ unit: piece, minLength: 3000, maxLength: 9000 }), (text) => {
        expect(boundedSegments(text)).toEqual(reference(text));
      }),
      // Shrinking a failure of texts this long takes minutes; the first counterexample will do.
      { numRuns: 25, endOnFailure: true },
    );
  });
});
