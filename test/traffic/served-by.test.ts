import { describe, expect, it } from 'vitest';
import { servedByLabel } from '../../src/traffic/served-by.js';

describe('servedByLabel', () => {
  it('names a logged pipeline by its legs, and the fusion method when it fuses', () => {
    const one = { mode: 'bm25', pipeline: { legs: [{ type: 'lexical', name: 'bm25', engine: 'postings' }] } };
    expect(servedByLabel(one)).toBe('bm25');
    const two = {
      mode: 'hybrid',
      pipeline: {
        legs: [
          { type: 'lexical', name: 'bm25' },
          { type: 'dense', name: 'dense' },
        ],
        fusion: { method: 'rrf', k: 60 },
      },
    };
    expect(servedByLabel(two)).toBe('bm25+dense rrf');
    const reranked = { pipeline: { legs: [{ type: 'lexical' }], rerank: { model: 'x' } } };
    expect(servedByLabel(reranked)).toBe('lexical reranked');
  });

  it('falls back to a mode, pipeline or engine string, and says nothing when the log does not', () => {
    expect(servedByLabel({ mode: 'dense', pipeline: {} })).toBe('dense');
    expect(servedByLabel({ engine: 'opensearch' })).toBe('opensearch');
    expect(servedByLabel({ page: 1 })).toBeUndefined();
    expect(servedByLabel(undefined)).toBeUndefined();
  });
});
