import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseChunker } from '../../src/chunking/index.js';
import { openCorpus } from '../../src/corpus/index.js';
import type { Doc } from '../../src/corpus/types.js';
import type { Embedder } from '../../src/embedders/types.js';
import { USE_LITE_MAX_TOKENS } from '../../src/embedders/use-lite-tokens.mjs';
import { useLiteTokenCounter } from '../../src/embedders/use-lite-tokenizer.js';
import { buildIndex } from '../../src/indexing/build-index.js';
import { AUTO_CUT_SHARE, chooseChunker } from '../../src/indexing/choose-chunker.js';
import { embedText } from '../../src/indexing/embed-text.js';
import { writeJsonl } from '../helpers/lexical-fixtures.js';
import { tmpDir } from '../helpers/tmp.js';

/**
 * The `auto` chunk size and the build's truncation warning agree: the size is chosen so that at
 * most AUTO_CUT_SHARE of the chunks are longer than the embedder reads, and the build warns only
 * when more were cut. On the demo corpus, counted with use-lite's own tokenizer, the chosen size
 * keeps within it (so `testbed index corpora/demo` prints no warning), where the size the old
 * estimate gave (2 tokens a word: structure:64, 317 of 1,327 cut) did not.
 */
const DEMO = path.resolve(import.meta.dirname, '../../corpora/demo');

/** Chunks of the demo at `spec`, and how many use-lite would cut (more than its 128 tokens, title + chunk). */
async function cutAt(spec: string): Promise<{ chunks: number; cut: number }> {
  const count = useLiteTokenCounter();
  const chunker = parseChunker(spec);
  const docs: Doc[] = [];
  for await (const doc of (await openCorpus(DEMO)).docs()) docs.push(doc);
  const texts = docs.flatMap((doc) => chunker.chunk(doc).map(embedText));
  return { chunks: texts.length, cut: texts.filter((t) => count(t) > USE_LITE_MAX_TOKENS).length };
}

describe('the auto chunker fits use-lite on the demo corpus', () => {
  it('cuts at most the share the choice expects, so the build does not warn', async () => {
    const choice = chooseChunker('auto', { id: 'use-lite', maxTokens: USE_LITE_MAX_TOKENS });
    expect(choice.cutShare).toBe(AUTO_CUT_SHARE);
    const { chunks, cut } = await cutAt(choice.spec);
    expect(cut).toBeGreaterThan(0); // fenced code blocks are never cut by words
    expect(cut).toBeLessThanOrEqual(AUTO_CUT_SHARE * chunks);
  });

  it('the size the generic 2 tokens a word gave it (128 / 2 = 64 words) cut more than that share', async () => {
    const { chunks, cut } = await cutAt('structure:64');
    expect(cut).toBeGreaterThan(AUTO_CUT_SHARE * chunks);
  });
});

describe('the build warns about truncated chunks beyond what the choice expected', () => {
  const dir = tmpDir('auto-chunker-fit-');
  /** An embedder of 128 tokens that reports as cut every text holding LONG. */
  const cutting = (id: string): Embedder => ({
    id,
    dims: 2,
    maxTokens: USE_LITE_MAX_TOKENS,
    embed: async (texts) => ({
      vectors: texts.map(() => Float32Array.of(1, 0)),
      truncated: texts.map((t) => t.includes('LONG')),
    }),
  });
  /** Builds 20 one-chunk documents, `long` of them reported cut; the notices. */
  async function build(long: number, chunker?: string): Promise<string[]> {
    const corpus = path.join(dir, `c${long}${chunker ?? ''}.jsonl`);
    writeJsonl(
      corpus,
      Array.from({ length: 20 }, (_, i) => ({
        _id: `d${i}`,
        text: `${i < long ? 'LONG' : 'short'} text number ${i}.`,
      })),
    );
    const notices: string[] = [];
    await buildIndex({
      corpus,
      out: corpus.replace(/\.jsonl$/, '.sqlite'),
      embedder: cutting(`cutting-${long}-${chunker ?? 'auto'}`),
      tokenizer: 'unicode61',
      detectLanguage: false,
      ...(chunker && { chunker }),
      onNotice: (m) => notices.push(m),
    });
    return notices.filter((n) => n.includes('chunks are longer than'));
  }

  it('auto: two of twenty (the expected one in ten) pass without a warning, three do not', async () => {
    expect(await build(2)).toEqual([]);
    expect(await build(3)).toEqual([expect.stringMatching(/^3 of 20 chunks are longer than/)]);
  });

  it('a named chunker promised nothing: one cut chunk is warned about', async () => {
    expect(await build(1, 'structure:40')).toEqual([expect.stringMatching(/^1 of 20 chunks are longer than/)]);
  });
});
