import { parse as parseYaml } from 'yaml';
import { describe, expect, it } from 'vitest';
import { legsWithHeaders } from '../../src/push/leg-headers.js';
import { legsYaml } from '../../src/push/legs-yaml.js';
import { searchEngineLegs } from '../../src/push/opensearch-target.js';
import { parsePipeline } from '../../src/pipeline/resolve-pipeline.js';

/**
 * What `testbed push` prints to paste into an experiment must be legs the pipeline spec accepts
 * (push and the engine legs were written apart: this holds them together), reading what push
 * wrote: the document id from `_source.doc_id`, the chunk id from `_id`, vectors in `vector`.
 */
describe('the legs testbed push prints', () => {
  for (const type of ['opensearch', 'elasticsearch'] as const) {
    it(`${type}: a bm25 and a knn leg the pipeline spec accepts, reading what push wrote`, () => {
      const { legs } = parseYaml(legsYaml(searchEngineLegs(type, 'http://127.0.0.1:9200', 'scifact', 384))) as {
        legs: unknown[];
      };
      const settled = parsePipeline({ legs, fusion: { method: 'rrf' } }).legs as unknown as Record<string, unknown>[];
      expect(settled.map((l) => [l.type, l.query, l.index, l.id, l.chunk_id])).toEqual([
        [type, 'bm25', 'scifact', '_source.doc_id', '_id'],
        [type, 'knn', 'scifact', '_source.doc_id', '_id'],
      ]);
      expect(settled[1]!.vector_field).toBe('vector');
    });
  }

  it('qdrant: a leg whose defaults read the payload push wrote', () => {
    const { legs } = parseYaml(
      legsYaml([
        [
          ['type', 'qdrant'],
          ['name', 'qdrant'],
          ['url', 'http://127.0.0.1:6333'],
          ['collection', 'scifact'],
        ],
      ]),
    ) as { legs: unknown[] };
    const [leg] = parsePipeline({ legs }).legs as unknown as Record<string, unknown>[];
    expect([leg!.type, leg!.collection]).toEqual(['qdrant', 'scifact']);
  });

  it('carry the --header values as written: ${env:} references and safe headers kept, other literals left out and named', () => {
    const { legs, omitted } = legsWithHeaders(searchEngineLegs('opensearch', 'http://127.0.0.1:9200', 'scifact', 384), {
      Authorization: 'Bearer ${env:OS_TOKEN}',
      'X-Tenant': 'blue',
      'api-key': 'literal-secret-123',
      Accept: 'application/json',
    });
    expect(omitted).toEqual(['X-Tenant', 'api-key']);
    const yaml = legsYaml(legs);
    expect(yaml).not.toContain('literal-secret-123');
    const parsed = parseYaml(yaml) as { legs: unknown[] };
    const settled = parsePipeline({ legs: parsed.legs, fusion: { method: 'rrf' } }).legs as unknown as Record<
      string,
      unknown
    >[];
    for (const leg of settled)
      expect(leg.headers).toEqual({ Authorization: 'Bearer ${env:OS_TOKEN}', Accept: 'application/json' });
  });

  it('no headers given: the legs have no headers field', () => {
    const plain = searchEngineLegs('elasticsearch', 'http://127.0.0.1:9200', 'scifact', null);
    expect(legsWithHeaders(plain, {})).toEqual({ legs: plain, omitted: [] });
  });
});
