import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadTransformersEmbedder } from '../../src/embedders/transformers.js';
import type { Embedder } from '../../src/embedders/types.js';
import { makeTinyBert } from '../fixtures/tiny-bert/make-tiny-bert.js';
import { tmpDir } from '../helpers/tmp.js';

const HIDDEN = 32;
const MAX_POSITIONS = 64;

const dot = (a: Float32Array, b: Float32Array) => a.reduce((s, x, i) => s + x * b[i]!, 0);
const norm = (a: Float32Array) => Math.sqrt(dot(a, a));
const words = (n: number) => Array.from({ length: n }, () => 'cat').join(' ');

/** Embeds one text on its own. */
async function one(e: Embedder, text: string, role: 'query' | 'passage' = 'passage'): Promise<Float32Array> {
  const { vectors } = await e.embed([text], role);
  expect(vectors).toHaveLength(1);
  return vectors[0]!;
}

describe('transformers embedder on a generated tiny BERT', () => {
  const models = tmpDir('tiny-bert-embed-');
  let e: Embedder;

  beforeAll(async () => {
    // Same seed in every folder: models differ only by name, so prefixes are all that differs.
    for (const name of ['tiny-bert', 'e5-small-v2', 'bge-small-en-v1.5']) {
      await makeTinyBert(path.join(models, 'test', name), { hidden: HIDDEN, maxPositions: MAX_POSITIONS, seed: 7 });
    }
    e = await loadTransformersEmbedder('test/tiny-bert', { modelsDir: models, allowRemote: false });
  });

  it('reports dims and the token limit from the model', () => {
    expect(e.dims).toBe(HIDDEN);
    expect(e.maxTokens).toBe(MAX_POSITIONS);
  });

  it('returns unit-length Float32Array vectors of dims length, one per text', async () => {
    const texts = ['the quick brown fox', 'a dog in the river', '', 'Music, film and art!'];
    const { vectors, truncated } = await e.embed(texts, 'passage');
    expect(vectors).toHaveLength(texts.length);
    expect(truncated).toEqual(texts.map(() => false));
    for (const v of vectors) {
      expect(v).toBeInstanceOf(Float32Array);
      expect(v).toHaveLength(HIDDEN);
      expect(Math.abs(norm(v) - 1)).toBeLessThan(1e-5);
    }
  });

  it('is deterministic and tells different texts (and word orders) apart', async () => {
    const a = await one(e, 'the cat and the dog');
    expect(await one(e, 'the cat and the dog')).toEqual(a);
    const others = [await one(e, 'the dog and the cat'), await one(e, 'the cat and the bird'), await one(e, 'a river')];
    for (const v of others) expect(dot(a, v)).toBeLessThan(0.9999);
  });

  it('gives the same vectors batched (with padding, across the internal batch size) as one by one', async () => {
    const texts = Array.from({ length: 40 }, (_, i) => `${words(1 + (i % 9))} city number ${i}`);
    const batched = await e.embed(texts, 'passage');
    expect(batched.vectors).toHaveLength(40);
    for (const [i, text] of texts.entries()) {
      const single = await one(e, text);
      for (let d = 0; d < HIDDEN; d++) expect(batched.vectors[i]![d]).toBeCloseTo(single[d]!, 5);
    }
  });

  it('flags truncation by counting tokens (with [CLS] and [SEP]) against maxTokens', async () => {
    const fits = MAX_POSITIONS - 2; // one token per "cat", plus [CLS] and [SEP]
    const { truncated } = await e.embed([words(fits), words(fits + 1), words(500), 'short'], 'passage');
    expect(truncated).toEqual([false, true, true, false]);
  });

  it('keeps the closing [SEP] when it truncates, so an overlong text reads as its first maxTokens', async () => {
    const cut = await one(e, words(MAX_POSITIONS - 2));
    const long = await one(e, words(MAX_POSITIONS * 3));
    for (let d = 0; d < HIDDEN; d++) expect(long[d]).toBeCloseTo(cut[d]!, 5);
  });

  it('counts the model prefix towards the token limit', async () => {
    const e5 = await loadTransformersEmbedder('test/e5-small-v2', { modelsDir: models, allowRemote: false });
    // "query: " is two tokens here ("query" and ":"), so a text that fits bare no longer fits.
    const { truncated } = await e5.embed([words(MAX_POSITIONS - 2)], 'query');
    expect(truncated).toEqual([true]);
  });

  it('adds e5 prefixes to queries and passages, and the bge instruction to queries only', async () => {
    const e5 = await loadTransformersEmbedder('test/e5-small-v2', { modelsDir: models, allowRemote: false });
    const bge = await loadTransformersEmbedder('test/bge-small-en-v1.5', { modelsDir: models, allowRemote: false });
    const text = 'the quick brown fox';
    expect(await one(e5, text, 'query')).toEqual(await one(e, `query: ${text}`));
    expect(await one(e5, text, 'passage')).toEqual(await one(e, `passage: ${text}`));
    const instruction = 'Represent this sentence for searching relevant passages: ';
    expect(await one(bge, text, 'query')).toEqual(await one(e, instruction + text));
    expect(await one(bge, text, 'passage')).toEqual(await one(e, text));
    // No prefix for other models: a query is encoded like a passage.
    expect(await one(e, text, 'query')).toEqual(await one(e, text, 'passage'));
  });

  it('ranks the passage equal to the query first by dot product', async () => {
    const passages = [
      'the river runs north of the old town',
      'a young doctor reads a book at home',
      'the king and queen live in the city',
      'fast cars and slow trains at the station',
      'music film and art in the school',
    ];
    const { vectors } = await e.embed(passages, 'passage');
    for (const [target, text] of passages.entries()) {
      const q = await one(e, text, 'query');
      const scores = vectors.map((v) => dot(q, v));
      const best = scores.indexOf(Math.max(...scores));
      expect(best).toBe(target);
    }
  });

  it('returns empty results for no texts', async () => {
    expect(await e.embed([], 'query')).toEqual({ vectors: [], truncated: [] });
  });
});
