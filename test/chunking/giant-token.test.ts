import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_SENTENCE_CHARS } from '../../src/chunking/bounded-segments.js';
import { parseChunker } from '../../src/chunking/index.js';
import type { Chunk } from '../../src/chunking/types.js';
import { MAX_WORD_CHARS, words } from '../../src/chunking/words.js';
import type { Doc } from '../../src/corpus/types.js';

const MB = 1_000_000;
const SPECS = [
  'words:200:0',
  'words:200:50',
  'words:1:0',
  'structure:200',
  'structure:3',
  'sentences:5:1',
  'sentences:1:0',
];

/** The bound each spec documents, written out from the constants rather than read from the chunker. */
const expectedBound: Record<string, number> = {
  'words:200:0': 200 * MAX_WORD_CHARS,
  'words:200:50': 200 * MAX_WORD_CHARS,
  'words:1:0': 1 * MAX_WORD_CHARS,
  'structure:200': 200 * MAX_WORD_CHARS,
  'structure:3': 3 * MAX_WORD_CHARS,
  'sentences:5:1': 5 * MAX_SENTENCE_CHARS,
  'sentences:1:0': 1 * MAX_SENTENCE_CHARS,
};

const isHigh = (c: number) => c >= 0xd800 && c <= 0xdbff;
const isLow = (c: number) => c >= 0xdc00 && c <= 0xdfff;
const splitsPair = (text: string, at: number) => isHigh(text.charCodeAt(at - 1)) && isLow(text.charCodeAt(at));

/** Every chunk within the bound, sliced exactly, never cutting a surrogate pair, non-space text all covered. */
function expectBounded(d: Doc, chunks: Chunk[], maxChars: number): void {
  const covered = new Uint8Array(d.text.length);
  for (const c of chunks) {
    expect(c.end - c.start).toBeLessThanOrEqual(maxChars);
    expect(c.text).toBe(d.text.slice(c.start, c.end));
    expect(splitsPair(d.text, c.start) || splitsPair(d.text, c.end)).toBe(false);
    covered.fill(1, c.start, c.end);
  }
  for (let i = 0; i < d.text.length; i++) {
    if (covered[i] === 0 && /\S/.test(d.text[i]!)) throw new Error(`offset ${i} is in no chunk`);
  }
}

describe('a giant token', () => {
  it('every chunker documents its bound in characters', () => {
    for (const spec of SPECS) expect(parseChunker(spec).maxChars, spec).toBe(expectedBound[spec]);
    expect(parseChunker('doc').maxChars).toBe(Infinity);
  });

  it.each(SPECS)('%s: a 1 MB single token is cut into chunks within the bound, offsets exact', (spec) => {
    const d = { id: 'd', title: '', text: `Intro words. ${'x'.repeat(MB)} outro words.` };
    const chunker = parseChunker(spec);
    const chunks = chunker.chunk(d);
    expectBounded(d, chunks, chunker.maxChars);
    expect(chunks.length).toBeGreaterThan(1);
    // Without overlap the pieces tile the token: each chunk starts where the last one ended, or
    // after whitespace (so nothing is lost, checked above, and nothing is repeated).
    if (spec.endsWith(':0')) {
      chunks.slice(1).forEach((c, i) => {
        const gap = d.text.slice(chunks[i]!.end, c.start);
        expect(c.start >= chunks[i]!.end && gap.trim() === '').toBe(true);
      });
    }
  });

  it.each(SPECS)('%s: a token of characters outside the BMP is never cut inside a surrogate pair', (spec) => {
    const d = { id: 'd', title: '', text: '𝐀'.repeat(200_000) }; // 400,000 code units
    const chunker = parseChunker(spec);
    expectBounded(d, chunker.chunk(d), chunker.maxChars);
  });

  it.each(SPECS)('%s: whitespace between words cannot stretch a chunk past the bound', (spec) => {
    const d = {
      id: 'd',
      title: '',
      text: `alpha${' '.repeat(MB)}beta.${'\n'.repeat(1000)}${' \t'.repeat(MB / 2)}gamma`,
    };
    const chunker = parseChunker(spec);
    const chunks = chunker.chunk(d);
    expectBounded(d, chunks, chunker.maxChars);
    expect(chunks.map((c) => c.text)).toEqual(['alpha', 'beta.', 'gamma']);
  });

  it('structure: a fenced code block over the bound is cut, one within it stays whole over MAX words', () => {
    const big = `\`\`\`\n${'let x = 1;\n'.repeat(10_000)}\`\`\``; // 110 kB, 40,002 words
    const chunker = parseChunker('structure:200');
    const chunks = chunker.chunk({ id: 'd', title: '', text: `# Code\n\n${big}` });
    expectBounded({ id: 'd', title: '', text: `# Code\n\n${big}` }, chunks, chunker.maxChars);
    const small = `\`\`\`\n${'a b c\n'.repeat(100)}\`\`\``; // 302 words, 600 characters
    expect(chunker.chunk({ id: 'd', title: '', text: small }).map((c) => c.text)).toEqual([small]);
  });

  it('a long run is counted as consecutive words of at most MAX_WORD_CHARS', () => {
    const text = `a ${'y'.repeat(3 * MAX_WORD_CHARS + 10)} b`;
    const lengths = [...words(text)].map((w) => w.end - w.start);
    expect(lengths).toEqual([1, MAX_WORD_CHARS, MAX_WORD_CHARS, MAX_WORD_CHARS, 10, 1]);
  });
});

describe('chunk bounds on arbitrary text with long runs', () => {
  // Long runs of one character, of a surrogate pair, of spaces or newlines, between short words;
  // sized so that small bounds (structure:1, words:1) are crossed many times.
  const run = fc
    .tuple(fc.constantFrom('x', '中', '𝐀', ' ', '\n', '.', 'ab ', '\u0301'), fc.integer({ min: 1, max: 1200 }))
    .map(([unit, n]) => unit.repeat(n));
  const text = fc
    .array(fc.oneof(run, fc.constantFrom('Word. ', '# Head\n', '```\n', '\n\n', 'a b c ')), { maxLength: 12 })
    .map((parts) => parts.join(''));
  const spec = fc.oneof(
    fc.integer({ min: 1, max: 4 }).chain((n) => fc.integer({ min: 0, max: n - 1 }).map((o) => `words:${n}:${o}`)),
    fc.integer({ min: 1, max: 4 }).map((n) => `structure:${n}`),
    fc.integer({ min: 1, max: 3 }).map((n) => `sentences:${n}:0`),
  );

  it('no chunk spans more than its chunker maxChars, and offsets stay exact', () => {
    fc.assert(
      fc.property(spec, text, (s, t) => {
        const chunker = parseChunker(s);
        const d = { id: 'd', title: '', text: t };
        const chunks = chunker.chunk(d);
        expectBounded(d, chunks, chunker.maxChars);
        chunks.slice(1).forEach((c, i) => {
          expect(c.start).toBeGreaterThan(chunks[i]!.start);
          expect(c.end).toBeGreaterThan(chunks[i]!.end);
        });
      }),
      { numRuns: 300 },
    );
  });
});
