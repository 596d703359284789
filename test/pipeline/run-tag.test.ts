import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { parsePipeline } from '../../src/pipeline/resolve-pipeline.js';
import { pipelineForMode } from '../../src/pipeline/search-spec.js';
import { pipelineHash, runTag } from '../../src/pipeline/run-tag.js';

/** The definition written out: sha256 of the JSON with keys sorted at every depth and k dropped, 8 hex digits. */
function expectedHash(pipeline: object): string {
  const sortKeys = (v: unknown): unknown =>
    Array.isArray(v)
      ? v.map(sortKeys)
      : v !== null && typeof v === 'object'
        ? Object.fromEntries(
            Object.keys(v)
              .sort()
              .map((key) => [key, sortKeys((v as Record<string, unknown>)[key])]),
          )
        : v;
  const { k: _k, ...rest } = pipeline as { k: number };
  return createHash('sha256')
    .update(JSON.stringify(sortKeys(rest)))
    .digest('hex')
    .slice(0, 8);
}

const at = { k: 1000, level: 'doc' };

describe('run tags name what made the run', () => {
  it('bm25 runs name their engine: bm25-postings (the default), bm25-wink, bm25-fts5', () => {
    expect(runTag(pipelineForMode('bm25', at), 'bm25')).toBe('bm25-postings');
    expect(runTag(pipelineForMode('bm25', { ...at, engine: 'wink' }), 'bm25')).toBe('bm25-wink');
    expect(runTag(pipelineForMode('bm25', { ...at, engine: 'fts5' }), 'bm25')).toBe('bm25-fts5');
  });

  it('a bm25 run with k1, b, a filter or qlang set carries the pipeline hash too', () => {
    for (const extra of [{ k1: 1.2 }, { b: 0.75 }, { filter: '{"year": 2020}' }, { qlang: 'de' }]) {
      const p = pipelineForMode('bm25', { ...at, ...extra });
      expect(runTag(p, 'bm25'), JSON.stringify(extra)).toBe(`bm25-postings-${expectedHash(p)}`);
    }
  });

  it('dense, hybrid and pipeline runs: MODE-HASH, the first 8 hex digits of the sha256 of the canonical JSON', () => {
    const dense = pipelineForMode('dense', at);
    const hybrid = pipelineForMode('hybrid', at);
    expect(runTag(dense, 'dense')).toBe(`dense-${expectedHash(dense)}`);
    expect(runTag(hybrid, 'hybrid')).toBe(`hybrid-${expectedHash(hybrid)}`);
    const custom = parsePipeline({ legs: [{ type: 'lexical', engine: 'fts5' }, { type: 'dense' }], ...at });
    expect(runTag(custom, 'pipeline')).toBe(`pipeline-${expectedHash(custom)}`);
    expect(pipelineHash(dense)).not.toBe(pipelineHash(hybrid));
  });

  it('the hash is stable: key order does not count, k does not count, every ranking setting does', () => {
    const ab = parsePipeline({ legs: [{ type: 'dense' }], filter: { a: 'x', b: 'y' }, ...at });
    const ba = parsePipeline({ legs: [{ type: 'dense' }], filter: { b: 'y', a: 'x' }, ...at });
    expect(pipelineHash(ab)).toBe(pipelineHash(ba));
    expect(pipelineHash(pipelineForMode('hybrid', { ...at, k: 10 }))).toBe(pipelineHash(pipelineForMode('hybrid', at)));
    const base = pipelineHash(pipelineForMode('hybrid', at));
    for (const change of [{ depth: 1000 }, { rrf_k: 10 }, { level: 'chunk' }, { engine: 'wink' }, { fusion: 'score' }])
      expect(pipelineHash(pipelineForMode('hybrid', { ...at, ...change })), JSON.stringify(change)).not.toBe(base);
  });
});

describe('pipelineHash and URL secrets', () => {
  it('is the same with or without a password in a leg URL, so a printed tag tells nothing about the password', () => {
    const leg = (url: string) =>
      parsePipeline({ legs: [{ type: 'opensearch', url, index: 'i' }], k: 10, level: 'doc' });
    const plain = pipelineHash(leg('http://es:9200'));
    expect(pipelineHash(leg('http://elastic:one@es:9200'))).toBe(plain);
    expect(pipelineHash(leg('http://elastic:two@es:9200'))).toBe(plain);
    expect(pipelineHash(leg('http://es:9201'))).not.toBe(plain);
  });
});
