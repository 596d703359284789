import { describe, expect, it } from 'vitest';
import { parseChunker } from '../../src/chunking/index.js';
import { stringWork } from './string-work.js';

// A SciFact-sized corpus: 5,000 abstracts of 250 words in sentences of 17 words.
const vocabulary = 'Cell protein gene expression levels were increased in patients with'.split(' ');
const abstract = (seed: number) =>
  Array.from({ length: 250 }, (_, i) => {
    const word = vocabulary[(i * 7 + seed) % vocabulary.length]!;
    if (i % 17 === 0) return word[0]!.toUpperCase() + word.slice(1);
    return i % 17 === 16 ? `${word}.` : word;
  }).join(' ');
const docs = Array.from({ length: 5000 }, (_, i) => ({ id: `${i}`, title: '', text: abstract(i) }));
const joined = (n: number) =>
  docs
    .slice(0, n)
    .map((d) => d.text)
    .join('\n\n');

// Linear work scales 10x when the input grows 10x; a quadratic step scales ~100x. The work is
// counted (string-work.ts), not timed, so the same count comes out on a loaded machine; 15x
// leaves room for fixed per-call costs and still catches anything quadratic. The wall-clock
// version of these ratios is bench/chunking-scale.ts.
const MAX_RATIO_FOR_10X = 15;

describe('chunking cost', () => {
  it('the work counter sees a quadratic routine as quadratic (so a pass below means something)', () => {
    const cutRemainder = (text: string) => {
      for (let rest = text; rest.length > 0; rest = rest.slice(1000));
    };
    const [small, large] = [joined(300), joined(3000)];
    const ratio = stringWork(() => cutRemainder(large)) / stringWork(() => cutRemainder(small));
    expect(ratio).toBeGreaterThan(50);
  });

  it.each(['doc', 'words:200:50', 'sentences:5:1', 'structure:64'])(
    '%s: 5,000 abstracts cost about 10x 500 abstracts (linear in the corpus)',
    (spec) => {
      const chunker = parseChunker(spec);
      const small = stringWork(() => docs.slice(0, 500).forEach((d) => chunker.chunk(d)));
      const large = stringWork(() => docs.forEach((d) => chunker.chunk(d)));
      expect(docs.reduce((n, d) => n + chunker.chunk(d).length, 0)).toBeGreaterThanOrEqual(docs.length);
      expect(small).toBeGreaterThan(0);
      expect(large / small).toBeLessThan(MAX_RATIO_FOR_10X);
    },
  );

  it.each(['words:200:50', 'sentences:5:1', 'structure:64', 'structure:100000'])(
    '%s stays linear on one long document: 5 MB costs about 10x 500 kB',
    (spec) => {
      const chunker = parseChunker(spec);
      const [smallText, largeText] = [joined(300), joined(3000)];
      const small = stringWork(() => chunker.chunk({ id: 'small', title: '', text: smallText }));
      const large = stringWork(() => chunker.chunk({ id: 'big', title: '', text: largeText }));
      expect(small).toBeGreaterThan(0);
      expect(large / small).toBeLessThan(MAX_RATIO_FOR_10X);
    },
  );
});
