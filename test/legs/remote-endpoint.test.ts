import { describe, expect, it } from 'vitest';
import { legEndpoints } from '../../src/legs/leg-traits.js';
import { remoteEndpoints } from '../../src/experiments/remote-endpoints.js';
import { parsePipeline } from '../../src/pipeline/resolve-pipeline.js';

/** What each leg type's row says a leg calls, and what a report names as each leg's endpoint. */
describe('legEndpoints and the report endpoints', () => {
  const pipeline = parsePipeline({
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
  });
  const { legs } = pipeline;

  it('an http leg: its method and URL template, as configured (credentials included: the allow-list reads the origin)', () => {
    expect(legEndpoints(legs[2]!)).toEqual([
      { role: 'search', method: 'GET', url: 'http://user:pw@127.0.0.1:9/s?q={{query}}' },
    ]);
  });

  it('a search-engine leg: POST to the search path it builds, not its base URL', () => {
    expect(legs.slice(3).flatMap(legEndpoints)).toEqual([
      { role: 'search', method: 'POST', url: 'http://127.0.0.1:9200/docs/_search' },
      { role: 'search', method: 'POST', url: 'http://127.0.0.1:9201/a,b/_search' },
      { role: 'search', method: 'POST', url: 'http://127.0.0.1:6333/collections/docs/points/query' },
    ]);
  });

  it('a leg computed here: none', () => {
    expect(legs.slice(0, 2).map(legEndpoints)).toEqual([[], []]);
  });

  it('the report: each remote leg once, METHOD and URL without credentials', () => {
    expect(remoteEndpoints(pipeline)).toEqual([
      { leg: 'api', endpoint: 'GET http://127.0.0.1:9/s?q={{query}}' },
      { leg: 'os', endpoint: 'POST http://127.0.0.1:9200/docs/_search' },
      { leg: 'es', endpoint: 'POST http://127.0.0.1:9201/a,b/_search' },
      { leg: 'qd', endpoint: 'POST http://127.0.0.1:6333/collections/docs/points/query' },
    ]);
  });
});
