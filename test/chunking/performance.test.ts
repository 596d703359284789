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

const timeMs = (run: () => void) => {
  const t0 = performance.now();
  run();
  return performance.now() - t0;
};

describe('chunking speed', () => {
  // Budgets are loose on purpose: tests share two cores. Each kind takes well under a second
  // here alone; a quadratic step (as in Node 20's segmenter on long texts) misses them by far.
  it.each(['doc', 'words:200:50', 'sentences:5:1', 'structure:64'])(
    '%s chunks 5,000 abstracts within budget',
    (spec) => {
      const chunker = parseChunker(spec);
      let chunks = 0;
      const ms = timeMs(() => docs.forEach((d) => (chunks += chunker.chunk(d).length)));
      expect(chunks).toBeGreaterThanOrEqual(docs.length);
      expect(ms).toBeLessThan(1500);
    },
  );

  it.each(['words:200:50', 'sentences:5:1', 'structure:64', 'structure:100000'])(
    '%s stays linear on one 250,000-word document (1.7 MB)',
    (spec) => {
      const text = docs.slice(0, 1000).map((d) => d.text).join('\n\n');
      const chunker = parseChunker(spec);
      expect(timeMs(() => chunker.chunk({ id: 'big', title: '', text }))).toBeLessThan(2000);
    },
  );
});
