import { describe, expect, it } from 'vitest';
import { parseChunker } from '../../src/chunking/index.js';

// A SciFact-sized corpus: 5,000 abstracts of 250 words in sentences of 17 words.
const vocabulary = 'cell protein gene expression levels were increased in patients with'.split(' ');
const abstract = (seed: number) =>
  Array.from({ length: 250 }, (_, i) => {
    const word = vocabulary[(i * 7 + seed) % vocabulary.length]!;
    return i % 17 === 16 ? `${word}.` : word;
  }).join(' ');
const docs = Array.from({ length: 5000 }, (_, i) => ({ id: `${i}`, title: '', text: abstract(i) }));

const timeMs = (run: () => void) => {
  const t0 = performance.now();
  run();
  return performance.now() - t0;
};

describe('chunking speed', () => {
  // The budgets are loose on purpose (shared CI cores); a quadratic step would miss them by far.
  it.each(['doc', 'words:200:50', 'sentences:5:1', 'structure:64'])(
    '%s chunks 5,000 abstracts in well under a second',
    (spec) => {
      const chunker = parseChunker(spec);
      let chunks = 0;
      const ms = timeMs(() => docs.forEach((d) => (chunks += chunker.chunk(d).length)));
      expect(chunks).toBeGreaterThanOrEqual(docs.length);
      expect(ms).toBeLessThan(1000);
    },
  );

  it.each(['words:200:50', 'sentences:5:1', 'structure:64', 'structure:100000'])(
    '%s stays linear on one 250,000-word document',
    (spec) => {
      const text = docs.slice(0, 1000).map((d) => d.text).join('\n\n');
      expect(timeMs(() => parseChunker(spec).chunk({ id: 'big', title: '', text }))).toBeLessThan(2000);
    },
  );
});
