import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createHashEmbedder } from '../../src/embedders/hash.js';
import type { Embedder } from '../../src/embedders/types.js';
import { buildIndex } from '../../src/indexing/build-index.js';
import { chooseChunker, LEXICAL_CHUNK_WORDS, TOKENS_PER_WORD } from '../../src/indexing/choose-chunker.js';
import { chooseTokenizer, ENGLISH_SHARE } from '../../src/indexing/choose-tokenizer.js';
import { pipelineForMode } from '../../src/pipeline/search-spec.js';
import { lexicalSearcher, writeJsonl } from '../helpers/lexical-fixtures.js';
import { tmpDir } from '../helpers/tmp.js';

describe('chooseTokenizer (--tokenizer auto)', () => {
  it('picks english when at least 90% of the documents with a known language are English', () => {
    // 90 English of 100 detected (the 50 unknown do not count): exactly the threshold.
    expect(chooseTokenizer('auto', { en: 90, de: 10, und: 50 }).tokenizer).toBe('english');
    expect(ENGLISH_SHARE).toBe(0.9);
    expect(chooseTokenizer('auto', { en: 89, de: 11 }).tokenizer).toBe('multilingual');
    expect(chooseTokenizer('auto', { zh: 1196 }).tokenizer).toBe('multilingual');
  });

  it('says why, names the most common languages of a mixed corpus, and keeps a named tokenizer', () => {
    expect(chooseTokenizer('auto', { en: 224, de: 13, es: 11, fr: 11, ja: 3 }).reason).toBe(
      '224 of 262 documents with a detected language are English (< 90%); most common: en 224, de 13, es 11, fr 11',
    );
    expect(chooseTokenizer('auto', { und: 7 })).toMatchObject({
      tokenizer: 'english',
      reason: expect.stringMatching(/no document language/),
    });
    expect(chooseTokenizer('porter', { zh: 10 })).toEqual({
      requested: 'porter',
      tokenizer: 'porter',
      reason: 'named with --tokenizer',
    });
  });
});

describe('chooseChunker (--chunker auto)', () => {
  const embedder = (maxTokens: number) => ({ id: 'm', maxTokens });
  it('sizes structure chunks in words from the embedder input: floor(maxTokens / TOKENS_PER_WORD), at most 200', () => {
    expect(chooseChunker('auto', embedder(128)).spec).toBe(`structure:${Math.floor(128 / TOKENS_PER_WORD)}`);
    expect(chooseChunker('auto', embedder(256)).spec).toBe(
      `structure:${Math.min(LEXICAL_CHUNK_WORDS, Math.floor(256 / TOKENS_PER_WORD))}`,
    );
    expect(chooseChunker('auto', embedder(100_000)).spec).toBe('structure:200');
    expect(chooseChunker('auto', undefined).spec).toBe('structure:200');
    expect(chooseChunker('words:50:10', embedder(128))).toEqual({
      spec: 'words:50:10',
      reason: 'named with --chunker',
      cutShare: 0,
    });
  });
});

describe('the build records and prints both choices', () => {
  const dir = tmpDir('testbed-auto-');
  const english = 'The committee approved the budget for the new library building after a long debate about costs.';
  const german = 'Der Ausschuss hat den Haushalt für das neue Bibliotheksgebäude nach einer langen Debatte genehmigt.';

  it('an English corpus gets english and stop words are gone from the index; a mixed one gets multilingual', async () => {
    const notices: string[] = [];
    const small: Embedder = { ...createHashEmbedder(16), id: 'small', maxTokens: 40 };
    const corpus = path.join(dir, 'en.jsonl');
    writeJsonl(
      corpus,
      Array.from({ length: 10 }, (_, i) => ({ _id: `d${i}`, title: '', text: `${english} Item ${i}.` })),
    );
    const meta = await buildIndex({
      corpus,
      out: path.join(dir, 'en.sqlite'),
      embedder: small,
      onNotice: (m) => notices.push(m),
    });
    expect(meta.tokenizer).toBe('english');
    expect(meta.tokenizerChoice).toEqual({
      requested: 'auto',
      reason: '10 of 10 documents with a detected language are English (>= 90%)',
    });
    expect(meta.chunker).toBe(`structure:${Math.floor(40 / TOKENS_PER_WORD)}`);
    expect(notices).toContain(
      "tokenizer auto -> english (Lucene's English analysis: stop words, Porter stemming): 10 of 10 documents with a detected language are English (>= 90%); --tokenizer NAME to choose another",
    );
    expect(
      notices.some((n) =>
        n.startsWith(`chunker auto -> structure:${Math.floor(40 / TOKENS_PER_WORD)} (small reads 40 tokens`),
      ),
    ).toBe(true);
    // Lucene's English analysis on both engines: "the" is a stop word (no hit), and Porter
    // stems "libraries" and "library" alike to "librari".
    const searcher = lexicalSearcher('en', path.join(dir, 'en.sqlite'));
    for (const engine of ['wink', 'fts5'] as const) {
      const bm25 = (k: number) => searcher.prepare(pipelineForMode('bm25', { engine, k, level: 'doc' }));
      expect((await searcher.retrieve(await bm25(5), 'the')).hits).toEqual([]);
      expect((await searcher.retrieve(await bm25(20), 'libraries')).hits).toHaveLength(10);
    }
    searcher.close();

    const mixed = path.join(dir, 'mixed.jsonl');
    writeJsonl(
      mixed,
      Array.from({ length: 10 }, (_, i) => ({ _id: `d${i}`, title: '', text: i < 5 ? english : german })),
    );
    const mixedMeta = await buildIndex({ corpus: mixed, out: path.join(dir, 'mixed.sqlite'), embedder: 'none' });
    expect(mixedMeta.tokenizer).toBe('multilingual');
    expect(mixedMeta.chunker).toBe('structure:200');
  });
});
