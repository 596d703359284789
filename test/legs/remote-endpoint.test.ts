import { describe, expect, it } from 'vitest';
import { remoteLegEndpoint } from '../../src/legs/remote/remote-endpoint.js';
import { parsePipeline } from '../../src/pipeline/resolve-pipeline.js';

/** What a report names as each leg's endpoint: the request the leg actually makes. */
describe('remoteLegEndpoint', () => {
  const legs = parsePipeline({
    legs: [
      { type: 'lexical', engine: 'fts5' },
      { type: 'dense' },
      {
        type: 'http',
        name: 'api',
        url: 'http://user:pw@127.0.0.1:9/s?q={{query}}',
        hits: 'hits',
        id: 'id',
        score: 'score',
      },
      { type: 'opensearch', name: 'os', url: 'http://127.0.0.1:9200/', index: 'docs' },
      { type: 'elasticsearch', name: 'es', url: 'http://127.0.0.1:9201', index: 'a,b', query: 'knn' },
      { type: 'qdrant', name: 'qd', url: 'http://127.0.0.1:6333', collection: 'docs' },
    ],
    fusion: { method: 'rrf' },
  }).legs;

  it('an http leg: its method and URL template, without credentials', () => {
    expect(remoteLegEndpoint(legs[2]!)).toBe('GET http://127.0.0.1:9/s?q={{query}}');
  });

  it('a search-engine leg: POST to the search path it builds, not its base URL', () => {
    expect(legs.slice(3).map(remoteLegEndpoint)).toEqual([
      'POST http://127.0.0.1:9200/docs/_search',
      'POST http://127.0.0.1:9201/a,b/_search',
      'POST http://127.0.0.1:6333/collections/docs/points/query',
    ]);
  });

  it('a leg computed here: none', () => {
    expect(legs.slice(0, 2).map(remoteLegEndpoint)).toEqual([undefined, undefined]);
  });
});
