import { describe, expect, it } from 'vitest';
import { parseChunker } from '../../src/chunking/index.js';

// A SciFact-sized corpus: 5,000 abstracts of 250 words in sentences of 17 words.
const vocabulary = 'Cell protein gene expression levels were increased in patients with'.split(' ');
const abstract = (seed: number) =>
  Array.from({ length: 250 }, (_, i) => {
    const word = vocabulary[(i * 7 + seed) % vocabulary.length]!;
    if (i % 17 === 0) return word[0]!.toUpperCase() + word.slice(1);
    return i % 17 === 16 ? `${word}.` : word;
  }).join(' ');
const docs = Array.from({ length: 5000 }, (_, i) => ({ id: `${i}`, title: '', text: abstract(i) }));

/**
 * Best of five runs after one warm-up: the warm-up keeps JIT compilation out of the small
 * measurement, and the best run is the one least disturbed by whatever else shares the two cores.
 */
const timeMs = (run: () => void) => {
  run();
  let best = Infinity;
  for (let i = 0; i < 5; i++) {
    const t0 = performance.now();
    run();
    best = Math.min(best, performance.now() - t0);
  }
  return best;
};

// Linear work scales 10x when the input grows 10x; a quadratic step scales ~100x. Ratios, not
// absolute budgets, so a loaded CI machine cannot fail a correct chunker; 40x leaves room for
// noise and still catches anything quadratic.
const MAX_RATIO_FOR_10X = 40;

describe('chunking speed', () => {
  it.each(['doc', 'words:200:50', 'sentences:5:1', 'structure:64'])(
    '%s: 5,000 abstracts cost about 10x 500 abstracts (linear in the corpus)',
    (spec) => {
      const chunker = parseChunker(spec);
      const small = timeMs(() => docs.slice(0, 500).forEach((d) => chunker.chunk(d)));
      const large = timeMs(() => docs.forEach((d) => chunker.chunk(d)));
      expect(docs.reduce((n, d) => n + chunker.chunk(d).length, 0)).toBeGreaterThanOrEqual(docs.length);
      expect(large / Math.max(small, 0.5)).toBeLessThan(MAX_RATIO_FOR_10X);
    },
  );

  // The small document is 500 kB rather than 170 kB: at a millisecond or two, a single scheduler
  // hiccup on a shared CI machine doubled the small time and pushed a linear chunker past 40x.
  it.each(['words:200:50', 'sentences:5:1', 'structure:64', 'structure:100000'])(
    '%s stays linear on one long document: 5 MB costs about 10x 500 kB',
    (spec) => {
      const chunker = parseChunker(spec);
      const text = (n: number) =>
        docs
          .slice(0, n)
          .map((d) => d.text)
          .join('\n\n');
      const small = text(300);
      const large = text(3000);
      const ratio =
        timeMs(() => chunker.chunk({ id: 'big', title: '', text: large })) /
        Math.max(
          timeMs(() => chunker.chunk({ id: 'small', title: '', text: small })),
          0.5,
        );
      expect(ratio).toBeLessThan(MAX_RATIO_FOR_10X);
    },
  );
});
