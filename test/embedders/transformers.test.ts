import fs from 'node:fs';
import path from 'node:path';
import { env } from '@xenova/transformers';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { UnavailableError } from '../../src/errors.js';
import { loadTransformersEmbedder } from '../../src/embedders/transformers.js';
import type { Embedder } from '../../src/embedders/types.js';
import { makeTinyBert } from '../fixtures/tiny-bert/make-tiny-bert.js';
import { tmpDir } from '../helpers/tmp.js';

const TEXTS = ['the quick brown fox', 'a dog in the river'];

async function vectorsOf(e: Embedder): Promise<Float32Array[]> {
  return (await e.embed(TEXTS, 'passage')).vectors;
}

/** The rejection of `p`, asserted to be an UnavailableError. */
async function unavailable(p: Promise<unknown>): Promise<UnavailableError> {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(UnavailableError);
  return err as UnavailableError;
}

describe('loadTransformersEmbedder', () => {
  const tmp = tmpDir('tiny-bert-load-');
  const models = path.join(tmp, 'models');
  const folder = path.join(models, 'test', 'tiny-bert');
  let reference: Float32Array[];

  beforeAll(async () => {
    await makeTinyBert(folder, { seed: 3 });
    reference = await vectorsOf(await loadTransformersEmbedder(folder, { allowRemote: false }));
  });

  afterEach(() => {
    vi.unstubAllEnvs();
    vi.restoreAllMocks();
  });

  it('loads an absolute folder path, keeping the spec as given in the id', async () => {
    const e = await loadTransformersEmbedder(folder, { allowRemote: false });
    expect(e.id).toBe(`transformers:${folder}`);
    expect(e.dims).toBe(32);
    await e.close?.();
  });

  it('loads a relative folder path starting with "."', async () => {
    const relative = `./${path.relative(process.cwd(), folder)}`;
    const e = await loadTransformersEmbedder(relative, { allowRemote: false });
    expect(e.id).toBe(`transformers:${relative}`);
    expect(await vectorsOf(e)).toEqual(reference);
  });

  it('loads a model name from modelsDir, or from MODELS_DIR when modelsDir is not given', async () => {
    const e = await loadTransformersEmbedder('test/tiny-bert', { modelsDir: models, allowRemote: false });
    expect(e.id).toBe('transformers:test/tiny-bert');
    expect(await vectorsOf(e)).toEqual(reference);
    vi.stubEnv('MODELS_DIR', models);
    expect(await vectorsOf(await loadTransformersEmbedder('test/tiny-bert', { allowRemote: false }))).toEqual(
      reference,
    );
  });

  it('reads a local model without touching the network even when remote models are allowed', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    await loadTransformersEmbedder('test/tiny-bert', { modelsDir: models, allowRemote: true });
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('puts transformers.js env settings back after loading', async () => {
    const before = { ...env };
    await loadTransformersEmbedder('test/tiny-bert', { modelsDir: models, allowRemote: false });
    await loadTransformersEmbedder('missing/model', { modelsDir: models, allowRemote: false }).catch(() => undefined);
    expect({ ...env }).toEqual(before);
  });

  it('loads onnx/model.onnx with quantized false, and names the missing file otherwise', async () => {
    const plain = path.join(tmp, 'plain', 'tiny-bert');
    await makeTinyBert(plain, { seed: 3 });
    fs.rmSync(path.join(plain, 'onnx', 'model_quantized.onnx'));
    expect(await vectorsOf(await loadTransformersEmbedder(plain, { quantized: false }))).toEqual(reference);
    const err = await unavailable(loadTransformersEmbedder(plain, { quantized: true }));
    expect(err.message).toContain(path.join(plain, 'onnx', 'model_quantized.onnx'));
  });

  it('reads a folder path from that folder, never from a cached model with the same name', async () => {
    const cache = path.join(tmp, 'cache');
    await makeTinyBert(path.join(cache, 'tiny-bert'), { seed: 99 });
    vi.stubEnv('TRANSFORMERS_CACHE', cache);
    expect(await vectorsOf(await loadTransformersEmbedder(folder, { allowRemote: false }))).toEqual(reference);
  });

  it('finds a hub id in the TRANSFORMERS_CACHE download cache when it is not in modelsDir', async () => {
    const cache = path.join(tmp, 'cache2');
    await makeTinyBert(path.join(cache, 'someone', 'tiny-bert'), { seed: 3 });
    vi.stubEnv('TRANSFORMERS_CACHE', cache);
    const e = await loadTransformersEmbedder('someone/tiny-bert', { modelsDir: models, allowRemote: false });
    expect(await vectorsOf(e)).toEqual(reference);
  });

  it('fails with UnavailableError naming the folder to fill, the files and MODELS_DIR', async () => {
    const err = await unavailable(
      loadTransformersEmbedder('nobody/no-such-model', { modelsDir: models, allowRemote: false }),
    );
    expect(err.message).toContain(`${path.join(models, 'nobody', 'no-such-model')}/`);
    expect(err.message).toContain('MODELS_DIR');
    for (const file of ['config.json', 'tokenizer.json', 'tokenizer_config.json', 'onnx/model_quantized.onnx']) {
      expect(err.message).toContain(file);
    }
    // The underlying reason is kept: which file transformers.js looked for.
    expect(err.message).toContain(path.join(models, 'nobody', 'no-such-model', 'config.json'));
  });

  it('fails fast with UnavailableError when the hub is unreachable and remote models are allowed', async () => {
    // "Fast" as the number of requests, not a stopwatch: the first missing file ends the load,
    // with no retry loop, whether the hub refuses the connection (offline) or answers 404.
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const err = await unavailable(
      loadTransformersEmbedder('retrieval-testbed/no-such-model', { modelsDir: models, allowRemote: true }),
    );
    const urls = fetchSpy.mock.calls.map(([url]) => String(url));
    expect(urls.length).toBeGreaterThan(0);
    expect(urls.length, urls.join('\n')).toBeLessThanOrEqual(4); // config, tokenizer, tokenizer_config, model
    expect(new Set(urls).size, 'no file is asked for twice').toBe(urls.length);
    expect(err.message).toContain('retrieval-testbed/no-such-model');
    expect(err.message).toContain('MODELS_DIR');
  });

  it('does not try the hub when TRANSFORMERS_OFFLINE=1', async () => {
    vi.stubEnv('TRANSFORMERS_OFFLINE', '1');
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    await unavailable(loadTransformersEmbedder('retrieval-testbed/no-such-model', { modelsDir: models }));
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('fails with UnavailableError for a folder path that holds no model', async () => {
    const empty = path.join(tmp, 'empty');
    fs.mkdirSync(empty);
    const err = await unavailable(loadTransformersEmbedder(empty, { allowRemote: true }));
    expect(err.message).toContain(`${empty}/`);
  });
});
