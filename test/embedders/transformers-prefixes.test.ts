// Tests src/embedders/model-prefixes.ts (the transformers embedder's prefix table).
import { describe, expect, it } from 'vitest';
import { prefixFor, prefixesFor } from '../../src/embedders/model-prefixes.js';

const BGE_QUERY = 'Represent this sentence for searching relevant passages: ';

describe('model prefixes', () => {
  it('gives e5 models "query: " and "passage: ", hub ids and folders alike', () => {
    for (const model of [
      'intfloat/e5-small-v2',
      'Xenova/e5-base-v2',
      'intfloat/multilingual-e5-large',
      './models/e5-small-v2',
    ]) {
      expect(prefixesFor(model)).toEqual({ query: 'query: ', passage: 'passage: ' });
    }
  });

  it('gives bge english models the search instruction on queries only', () => {
    for (const model of ['BAAI/bge-small-en-v1.5', 'Xenova/bge-base-en-v1.5', '/opt/models/bge-large-en-v1.5']) {
      expect(prefixFor(model, 'query')).toBe(BGE_QUERY);
      expect(prefixFor(model, 'passage')).toBe('');
    }
  });

  it('gives other models no prefix, and judges a folder by its own name, not its parents', () => {
    for (const model of [
      'Xenova/all-MiniLM-L6-v2',
      '/data/e5-runs/minilm',
      'BAAI/bge-m3',
      'intfloat/multilingual-e5-large-instruct',
    ]) {
      expect(prefixesFor(model)).toEqual({ query: '', passage: '' });
    }
  });
});
