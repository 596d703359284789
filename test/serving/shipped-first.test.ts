import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createHashEmbedder } from '../../src/embedders/hash.js';
import { buildIndex } from '../../src/indexing/build-index.js';
import { chunkTextsByKey, ShippedVectorMissingError } from '../../src/indexing/shipped-embedder.js';
import {
  listShippedVectors,
  readShippedVectors,
  SHIPPED_VECTORS_FOLDER,
  writeShippedVectors,
} from '../../src/indexing/shipped-vectors.js';
import { buildFromShippedVectors } from '../../src/serving/builds/shipped-first.js';
import { TINY_BEIR, tmpDir } from '../helpers/tmp.js';
import { servedUrl } from '../helpers/served-url.js';

const BIN = path.resolve(import.meta.dirname, '../../bin/testbed.js');

/** A copy of the tiny corpus under ROOT/corpora/tiny with hash:64 vectors of its `doc` chunks shipped. */
async function corpusWithVectors(root: string): Promise<string> {
  const corpus = path.join(root, 'corpora', 'tiny');
  fs.cpSync(TINY_BEIR, corpus, { recursive: true });
  const embedder = createHashEmbedder(64);
  const { texts } = await chunkTextsByKey(corpus, 'doc');
  const { vectors } = await embedder.embed([...texts.values()], 'passage');
  const entries = [...texts.keys()].map((key, i) => ({
    key: Buffer.from(key, 'hex'),
    vector: vectors[i]!,
    truncated: false,
  }));
  writeShippedVectors(path.join(corpus, SHIPPED_VECTORS_FOLDER), embedder, 'doc', entries);
  return corpus;
}

/** buildFromShippedVectors into ROOT/data/tiny.sqlite: whether it built, where, and its notices as lines. */
async function shippedFirst(root: string, corpus: string): Promise<{ built: boolean; out: string; notices: string }> {
  const notices: string[] = [];
  const out = path.join(root, 'data', 'tiny.sqlite');
  const built = await buildFromShippedVectors(
    corpus,
    out,
    () => {},
    (m) => notices.push(m),
  );
  return { built, out, notices: notices.join('\n') };
}

describe('serve --ensure with vectors shipped in the corpus (issue 43)', () => {
  it('builds the whole index from them on first start: hybrid answers 200 at the first request', async () => {
    const root = tmpDir('serve-shipped-');
    await corpusWithVectors(root);
    const child = spawn(
      process.execPath,
      [BIN, 'serve', '--ensure', 'tiny', '--data', 'data', '--corpora', 'corpora', '--port', '0', '--workers', '0'],
      { cwd: root, env: { ...process.env, TESTBED_HOME: path.join(root, 'home'), TRANSFORMERS_OFFLINE: '1' } },
    );
    const served = servedUrl(child);
    try {
      const { url, stderr } = await served;
      expect(stderr()).toContain('with the hash:64 vectors shipped in');
      expect(stderr()).not.toContain('building the lexical part');
      const hybrid = await fetch(`${url}/search/hybrid?index=tiny&q=E1042&k=2&level=doc`);
      expect(hybrid.status).toBe(200);
      expect(((await hybrid.json()) as { hits: { id: string }[] }).hits[0]!.id).toBe('error-e1042');
      const index = (await (await fetch(`${url}/indexes/tiny`)).json()) as {
        meta: { embedder: { id: string }; vectorsPending?: unknown; build: { embeddings: { shipped: string } } };
      };
      expect(index.meta.embedder.id).toBe('hash:64');
      expect(index.meta.vectorsPending).toBeUndefined();
      expect(index.meta.build.embeddings.shipped).toMatch(/vectors[/\\]hash-64\.doc\.json$/);
      // Nothing embedded in the background, and nothing put in the shared embedding cache.
      expect(stderr()).not.toContain('in the background');
      expect(fs.existsSync(path.join(root, 'home', 'embeddings.sqlite'))).toBe(false);
    } finally {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    }
  });

  it('does not use them once a chunk changed, and says why', async () => {
    const root = tmpDir('shipped-stale-');
    const corpus = await corpusWithVectors(root);
    const file = path.join(corpus, 'corpus.jsonl');
    fs.appendFileSync(file, JSON.stringify({ _id: 'new-page', title: 'New', text: 'A page added later.' }) + '\n');
    const { built, out, notices } = await shippedFirst(root, corpus);
    expect(built).toBe(false);
    expect(fs.existsSync(out)).toBe(false);
    expect(notices).toMatch(/not used: they hold no vector for 1 of the \d+ chunks \(doc\)/);
  });

  it('embeds instead of failing when the shipped file is broken', async () => {
    const root = tmpDir('shipped-broken-');
    const corpus = await corpusWithVectors(root);
    fs.writeFileSync(path.join(corpus, SHIPPED_VECTORS_FOLDER, 'hash-64.doc.i8'), 'truncated');
    const { built, notices } = await shippedFirst(root, corpus);
    expect(built).toBe(false);
    expect(notices).toMatch(/shipped vectors not used: .*hash-64\.doc\.i8: \d+ records of 101 bytes expected/);
  });

  it('a build given vectors that lack a chunk fails and leaves no index, rather than serve a hole', async () => {
    const root = tmpDir('shipped-hole-');
    const corpus = await corpusWithVectors(root);
    const shipped = readShippedVectors(listShippedVectors(corpus)[0]!);
    shipped.byKey.delete(shipped.byKey.keys().next().value!);
    const out = path.join(root, 'data', 'tiny.sqlite');
    await expect(buildIndex({ corpus, out, shipped })).rejects.toBeInstanceOf(ShippedVectorMissingError);
    expect(fs.existsSync(out)).toBe(false);
  });
});
