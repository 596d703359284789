import { describe, expect, it } from 'vitest';
import { docs, joined } from './abstracts-corpus.js';
import { parseChunker } from '../../src/chunking/index.js';
import { stringWork } from './string-work.js';

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
