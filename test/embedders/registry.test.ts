import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { InputError } from '../../src/errors.js';
import { AUTO_PREFERRED_MODEL, createEmbedder } from '../../src/embedders/registry.js';
import { makeTinyBert } from '../fixtures/tiny-bert/make-tiny-bert.js';
import { tmpDir } from '../helpers/tmp.js';

describe('createEmbedder', () => {
  afterEach(() => vi.unstubAllEnvs());

  it('none is lexical only; hash takes its width', async () => {
    expect(await createEmbedder('none')).toBeNull();
    expect((await createEmbedder('hash'))!.id).toBe('hash:256');
    expect((await createEmbedder('hash:32'))!.dims).toBe(32);
  });

  it('rejects unknown specs and bad arguments with the valid forms', async () => {
    await expect(createEmbedder('word2vec')).rejects.toThrow(InputError);
    await expect(createEmbedder('word2vec')).rejects.toThrow(
      /none, hash\[:DIMS\], use-lite, transformers:<model>, auto/,
    );
    await expect(createEmbedder('hash:1')).rejects.toThrow(/dims/);
    await expect(createEmbedder('transformers:')).rejects.toThrow(/needs a model/);
    await expect(createEmbedder('toString')).rejects.toThrow(InputError);
  });

  it('auto uses the preferred transformers model when MODELS_DIR holds it, and says so', async () => {
    const models = tmpDir('auto-models-');
    await makeTinyBert(path.join(models, AUTO_PREFERRED_MODEL), { seed: 5 });
    vi.stubEnv('MODELS_DIR', models);
    const notices: string[] = [];
    const e = await createEmbedder('auto', { onNotice: (m) => notices.push(m) });
    expect(e!.id).toBe(`transformers:${AUTO_PREFERRED_MODEL}`);
    expect(notices).toEqual([`embedder auto: using transformers:${AUTO_PREFERRED_MODEL}`]);
    await e!.close?.();
  });

  it('auto falls back to use-lite when the model is nowhere to be had, and says why', async () => {
    vi.stubEnv('MODELS_DIR', tmpDir('empty-models-'));
    vi.stubEnv('TRANSFORMERS_OFFLINE', '1');
    const notices: string[] = [];
    const e = await createEmbedder('auto', { onNotice: (m) => notices.push(m), threads: 1 });
    try {
      expect(e!.id).toBe('use-lite');
      expect(notices[0]).toMatch(/not available on this machine \(set MODELS_DIR.*using use-lite/);
    } finally {
      await e!.close?.();
    }
  });
});
