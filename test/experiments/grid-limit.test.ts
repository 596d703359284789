import { describe, expect, it } from 'vitest';
import { parseExperimentConfig } from '../../src/experiments/config.js';
import { checkGridSize } from '../../src/experiments/grid-limit.js';

const config = (retrievers: number, chunkers = ['doc']) =>
  parseExperimentConfig(`name: big
corpus: corpora/demo
grid:
  chunkers: [${chunkers.join(', ')}]
  embedders: ['hash:32', 'hash:64']
  retrievers:
${Array.from({ length: retrievers }, (_, i) => `    - { name: r${i}, mode: ${i % 2 ? 'dense' : 'bm25'} }`).join('\n')}
`);

describe('checkGridSize', () => {
  it('lets a grid at the limit through', () => {
    // 2 bm25 cells (not repeated per embedder) + 2 dense x 2 embedders
    expect(() => checkGridSize(config(4), 6)).not.toThrow();
  });

  it('refuses a bigger one, saying how big it is, from what, and the limit', () => {
    expect(() => checkGridSize(config(4, ['doc', 'words:50:10']), 6)).toThrow(
      "this experiment's grid has 12 configurations (2 chunker(s) x 2 embedder(s) x 1 tokenizer(s) x 4 retriever(s)), over this server's limit of 6 per experiment (testbed serve --max-grid-cells)",
    );
  });
});
