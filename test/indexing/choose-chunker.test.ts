import { describe, expect, it } from 'vitest';
import { createHashEmbedder } from '../../src/embedders/hash.js';
import {
  AUTO_CUT_SHARE,
  chooseChunker,
  LEXICAL_CHUNK_WORDS,
  TOKENS_PER_WORD,
  USE_LITE_TOKENS_PER_WORD,
} from '../../src/indexing/choose-chunker.js';
import { runCli } from '../helpers/cli.js';
import { TINY_BEIR, tmpDir } from '../helpers/tmp.js';

describe('chooseChunker says how much the embedder reads', () => {
  it('the hash embedder reads every token: the lexical chunk size, and no number of tokens', () => {
    expect(chooseChunker('auto', createHashEmbedder(256))).toEqual({
      spec: `structure:${LEXICAL_CHUNK_WORDS}`,
      reason: 'hash:256 reads every token',
      cutShare: 0,
    });
  });

  it('a model with a limit is sized by it, and the limit is named', () => {
    expect(chooseChunker('auto', { id: 'm', maxTokens: 512 })).toEqual({
      spec: `structure:${LEXICAL_CHUNK_WORDS}`,
      reason: 'm reads 512 tokens',
      cutShare: 0,
    });
    expect(chooseChunker('auto', { id: 'small', maxTokens: 40 })).toEqual({
      spec: `structure:${40 / TOKENS_PER_WORD}`,
      reason: `small reads 40 tokens, about ${40 / TOKENS_PER_WORD} words at ${TOKENS_PER_WORD} tokens a word, so 9 chunks in 10 fit`,
      cutShare: AUTO_CUT_SHARE,
    });
    // use-lite's figure, measured with its tokenizer: 128 tokens / 3.2 tokens a word.
    expect(chooseChunker('auto', { id: 'use-lite', maxTokens: 128 }).spec).toBe(
      `structure:${Math.floor(128 / USE_LITE_TOKENS_PER_WORD)}`,
    );
  });

  it('testbed index --embedder hash prints it', async () => {
    const r = await runCli(['index', TINY_BEIR, '--out', `${tmpDir()}/t.sqlite`, '--embedder', 'hash']);
    expect(r.code, r.err).toBe(0);
    expect(r.err).toContain(`chunker auto -> structure:${LEXICAL_CHUNK_WORDS} (hash:256 reads every token);`);
    expect(r.err).not.toMatch(/9007199254740991/);
  });
});
