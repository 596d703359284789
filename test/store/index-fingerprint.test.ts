import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildIndex } from '../../src/indexing/build-index.js';
import { indexFingerprint } from '../../src/store/index-fingerprint.js';
import type { IndexMeta } from '../../src/store/index-meta.js';
import { TINY_BEIR, tmpDir } from '../helpers/tmp.js';

const base = {
  schemaVersion: 1,
  corpus: { path: '/corpora/demo', kind: 'beir', contentHash: 'abc123' },
  chunker: 'structure:64',
  tokenizer: 'english',
  embedder: { id: 'hash:64', dims: 64, maxTokens: 512 },
} as Pick<IndexMeta, 'corpus' | 'chunker' | 'tokenizer' | 'embedder' | 'schemaVersion'>;

describe('indexFingerprint', () => {
  it('is sha256 of [contentHash, chunker, tokenizer, embedder id, schema version], 16 hex digits, with the fields', () => {
    const expected = createHash('sha256')
      .update('["abc123","structure:64","english","hash:64",1]')
      .digest('hex')
      .slice(0, 16);
    expect(indexFingerprint(base)).toEqual({
      hash: expected,
      contentHash: 'abc123',
      chunker: 'structure:64',
      tokenizer: 'english',
      embedder: 'hash:64',
      schemaVersion: 1,
    });
  });

  it('changes when any of corpus content, chunker, tokenizer, embedder or schema version changes', () => {
    const variants = [
      { ...base, corpus: { ...base.corpus, contentHash: 'abc124' } },
      { ...base, chunker: 'structure:200' },
      { ...base, tokenizer: 'porter' as const },
      { ...base, embedder: { id: 'hash:128', dims: 128, maxTokens: 512 } },
      { ...base, embedder: null },
      { ...base, schemaVersion: 2 },
    ];
    const hashes = [base, ...variants].map((m) => indexFingerprint(m).hash);
    expect(new Set(hashes).size).toBe(hashes.length);
  });

  it("is equal otherwise: the corpus' path, the embedder's dims and limits are no part of it", () => {
    const moved = {
      ...base,
      corpus: { ...base.corpus, path: '/elsewhere/demo-copy', kind: 'jsonl' },
      embedder: { id: 'hash:64', dims: 64, maxTokens: 256 },
    };
    expect(indexFingerprint(moved)).toEqual(indexFingerprint(base));
  });

  it('two builds of the same corpus in two folders match; a build with another chunker does not', async () => {
    const dir = tmpDir('fingerprint-');
    for (const copy of ['a', 'b']) fs.cpSync(TINY_BEIR, path.join(dir, copy), { recursive: true });
    const build = (copy: string, chunker: string) =>
      buildIndex({
        corpus: path.join(dir, copy),
        out: path.join(dir, `${copy}-${chunker.replace(':', '-')}.sqlite`),
        chunker,
        embedder: 'hash:64',
        cacheFile: path.join(dir, 'embeddings.sqlite'),
      });
    const [a, b, other] = [await build('a', 'structure:40'), await build('b', 'structure:40'), await build('a', 'doc')];
    expect(indexFingerprint(b)).toEqual(indexFingerprint(a));
    expect(indexFingerprint(other).hash).not.toBe(indexFingerprint(a).hash);
    expect(indexFingerprint(other).chunker).toBe('doc');
  });
});
