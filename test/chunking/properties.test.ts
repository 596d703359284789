import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseChunker } from '../../src/chunking/index.js';
import type { Chunk } from '../../src/chunking/types.js';
import { countWords, wordSpans } from '../../src/chunking/words.js';
import type { Doc } from '../../src/corpus/types.js';

const windowSpec = (kind: string) =>
  fc
    .integer({ min: 1, max: 12 })
    .chain((n) => fc.integer({ min: 0, max: n - 1 }).map((overlap) => `${kind}:${n}:${overlap}`));

const specArb = fc.oneof(
  fc.constant('doc'),
  windowSpec('words'),
  windowSpec('sentences'),
  fc.integer({ min: 1, max: 20 }).map((max) => `structure:${max}`),
);

// Pieces that exercise whitespace kinds, sentence ends, markdown syntax, space-less scripts,
// combining marks and surrogate pairs; plus fully arbitrary UTF-16 (lone surrogates included).
const piece = fc.constantFrom(
  ...[' ', '  ', '\n', '\n\n', '\r\n', '\t', '\u00a0', '\u3000', 'a', 'Bc', 'word', '.', '!'],
  ...['?', '# ', '## ', '```', '~~~', '中', '文。', 'カナ', 'ก', '\u0e34', '𠀀', '!?'],
);
const textArb = fc.oneof(fc.string({ unit: piece, maxLength: 120 }), fc.string({ unit: 'binary', maxLength: 80 }));

const docArb = fc.record({ id: fc.constantFrom('d', 'doc/1'), title: fc.string(), text: textArb });

/** The invariants every chunker promises, checked against the document itself. */
function expectInvariants(d: Doc, chunks: Chunk[]): void {
  const covered = new Uint8Array(d.text.length);
  chunks.forEach((c, i) => {
    expect(c).toMatchObject({ ordinal: i, id: `${d.id}#${i}`, docId: d.id, title: d.title });
    expect(c.text).toBe(d.text.slice(c.start, c.end));
    expect(c.text.length).toBeGreaterThan(0);
    expect(c.text.trim()).toBe(c.text);
    const prev = chunks[i - 1];
    if (prev) {
      expect(c.start).toBeGreaterThan(prev.start);
      expect(c.end).toBeGreaterThan(prev.end);
    }
    covered.fill(1, c.start, c.end);
  });
  for (let i = 0; i < d.text.length; i++) {
    if (/\S/.test(d.text[i]!)) expect(covered[i], `offset ${i} not in any chunk`).toBe(1);
  }
  if (d.text.trim() === '') expect(chunks).toEqual([]);
}

describe('every chunker', () => {
  it('slices exactly, trims, covers every non-space character and numbers chunks in order', () => {
    fc.assert(
      fc.property(specArb, docArb, (spec, d) => expectInvariants(d, parseChunker(spec).chunk(d))),
      { numRuns: 400 },
    );
  });

  it('does not overlap chunks when OVERLAP is 0', () => {
    const spec = fc.oneof(
      fc.constant('doc'),
      fc.integer({ min: 1, max: 12 }).chain((n) => fc.constantFrom(`words:${n}`, `sentences:${n}`)),
      fc.integer({ min: 1, max: 12 }).map((max) => `structure:${max}`),
    );
    fc.assert(
      fc.property(spec, docArb, (s, d) => {
        const chunks = parseChunker(s).chunk(d);
        chunks.slice(1).forEach((c, i) => expect(c.start).toBeGreaterThanOrEqual(chunks[i]!.end));
      }),
    );
  });
});

describe('words:SIZE:OVERLAP', () => {
  it('holds at most SIZE words per chunk, each starting SIZE - OVERLAP words on', () => {
    fc.assert(
      fc.property(
        fc
          .integer({ min: 1, max: 8 })
          .chain((size) => fc.tuple(fc.constant(size), fc.integer({ min: 0, max: size - 1 }))),
        docArb,
        ([size, overlap], d) => {
          const chunks = parseChunker(`words:${size}:${overlap}`).chunk(d);
          const words = wordSpans(d.text);
          chunks.forEach((c, i) => {
            expect(countWords(c.text)).toBeLessThanOrEqual(size);
            expect(c.start).toBe(words[i * (size - overlap)]!.start);
          });
          expect(chunks.at(-1)?.end).toBe(words.at(-1)?.end);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('structure:MAX on markdown', () => {
  const line = fc.constantFrom(
    ...['# Title', '## Two words', '```', '```js', '', '  ', 'Alpha beta.', 'gamma delta epsilon'],
    ...['One! Two? Three.', 'a b c d e f g h i j k.', '中文句子。第二句。', 'ภาษาไทย ไม่มี'],
  );
  const markdown = fc.array(line, { maxLength: 30 }).map((lines) => lines.join('\n'));
  const max = fc.integer({ min: 3, max: 15 }); // over the longest heading, so headings stay whole

  /** Fenced regions, found independently: an opening ``` line to a bare ``` line or the end. */
  function fences(text: string): { start: number; end: number }[] {
    const regions: { start: number; end: number }[] = [];
    let open: number | undefined;
    let pos = 0;
    for (const l of text.split('\n')) {
      if (open === undefined && l.startsWith('```')) open = pos;
      else if (open !== undefined && /^```\s*$/.test(l)) {
        regions.push({ start: open, end: pos + 3 });
        open = undefined;
      }
      pos += l.length + 1;
    }
    if (open !== undefined) regions.push({ start: open, end: text.trimEnd().length });
    return regions;
  }

  it('keeps every fenced block inside one chunk', () => {
    fc.assert(
      fc.property(max, markdown, (m, text) => {
        const chunks = parseChunker(`structure:${m}`).chunk({ id: 'd', title: '', text });
        for (const f of fences(text)) {
          expect(chunks.some((c) => c.start <= f.start && f.end <= c.end)).toBe(true);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('ends no chunk but the last on a heading; exceeds MAX only for a heading or fence', () => {
    fc.assert(
      fc.property(max, markdown, (m, text) => {
        const d = { id: 'd', title: '', text };
        const chunks = parseChunker(`structure:${m}`).chunk(d);
        expectInvariants(d, chunks);
        chunks.slice(0, -1).forEach((c) => {
          const lastLine = c.text.slice(c.text.lastIndexOf('\n') + 1);
          expect(lastLine).not.toMatch(/^#{1,6}(\s|$)/);
        });
        for (const c of chunks) {
          if (countWords(c.text) > m) expect(c.text).toMatch(/^(#|```)/);
        }
      }),
      { numRuns: 300 },
    );
  });
});
