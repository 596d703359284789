import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { checkEmbedderSpec, createEmbedder, registerEmbedderKind } from '../../src/embedders/registry.js';
import { parseExperimentConfig } from '../../src/experiments/config.js';
import { lettersEmbedder } from '../fixtures/registry/letters-embedder.js';
import { runCli } from '../helpers/cli.js';
import { TINY_BEIR, tmpDir } from '../helpers/tmp.js';

const dir = tmpDir('registered-embedder-');

let unregister: (() => void) | undefined;
afterEach(() => {
  unregister?.();
  unregister = undefined;
});
const register = () => {
  unregister = registerEmbedderKind(lettersEmbedder);
};

const experiment = `name: tiny
corpus: corpora/demo
grid:
  embedders: [letters]
  retrievers:
    - { name: dense, mode: dense }
`;

describe('an embedder kind registered with one call', () => {
  it('is created from its spec and checked by its row', async () => {
    await expect(createEmbedder('letters')).rejects.toThrow(
      /unknown embedder "letters"; expected one of none, hash\[:DIMS\], use-lite, transformers:<model>, auto, openai:/,
    );
    register();
    const e = (await createEmbedder('letters'))!;
    expect([e.id, e.dims]).toEqual(['letters', 26]);
    // "abba": a = b = 2, normalised to 1/√2 each.
    const [v] = (await e.embed(['abba'], 'passage')).vectors;
    expect(v![0]).toBeCloseTo(Math.SQRT1_2, 6);
    expect(v![1]).toBeCloseTo(Math.SQRT1_2, 6);
    expect(v!.slice(2).every((x) => x === 0)).toBe(true);
    expect(() => checkEmbedderSpec('letters:3')).toThrow(/letters takes no argument/);
    // Its form ends the list of an unknown spec's error.
    await expect(createEmbedder('word2vec')).rejects.toThrow(/\[#dimensions=N\], letters$/);
  });

  it('is listed by testbed index --help, after the line it still fits on, and gone once unregistered', async () => {
    const before = (await runCli(['index', '--help'])).out;
    register();
    expect((await runCli(['index', '--help'])).out).toContain(
      `\n${' '.repeat(22)}| openai:<model>@<base-url>[#dimensions=N] | letters\n`,
    );
    unregister!();
    unregister = undefined;
    expect((await runCli(['index', '--help'])).out).toBe(before);
  });

  it("is accepted in an experiment's grid of embedders", () => {
    expect(() => parseExperimentConfig(experiment, 'x.yaml')).toThrow(/field "grid\.embedders\.0"\): unknown embedder/);
    register();
    expect(parseExperimentConfig(experiment).grid.embedders).toEqual(['letters']);
  });

  it('builds an index whose vectors it makes, searched densely', async () => {
    register();
    const index = path.join(dir, 'letters.sqlite');
    const built = await runCli(['index', TINY_BEIR, '--out', index, '--embedder', 'letters']);
    expect(built.code, built.err).toBe(0);
    expect(built.err).toMatch(/ vectors \(letters\)/);
    const found = await runCli(['search', index, 'session token expired', '--mode', 'dense', '--k', '3', '--json']);
    expect(found.code, found.err).toBe(0);
    expect((JSON.parse(found.out) as { hits: unknown[] }).hits).toHaveLength(3);
  });

  it('is refused when its kind is taken', () => {
    expect(() => registerEmbedderKind({ ...lettersEmbedder, name: 'hash' })).toThrow(/already named "hash"/);
  });
});
