import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { cacheHome } from '../../src/cache-home.js';
import { parseExperimentConfig } from '../../src/experiments/config.js';
import { runExperiment } from '../../src/experiments/runner.js';
import { IndexReader } from '../../src/store/index-reader.js';
import { runCli } from '../helpers/cli.js';
import { TINY_BEIR, tmpDir } from '../helpers/tmp.js';

const saved = process.env.TESTBED_HOME;
afterEach(() => {
  if (saved === undefined) delete process.env.TESTBED_HOME;
  else process.env.TESTBED_HOME = saved;
});

describe('one cache shared by every command', () => {
  it('is --cache-dir, else TESTBED_HOME, else a per-user folder', () => {
    process.env.TESTBED_HOME = '/x/home';
    expect(cacheHome('rel/dir')).toBe(path.resolve('rel/dir'));
    expect(cacheHome()).toBe('/x/home');
    delete process.env.TESTBED_HOME;
    expect(cacheHome()).toMatch(/retrieval-testbed$/);
  });

  it('an experiment finds the vectors testbed index made, and embeds nothing again', async () => {
    const dir = tmpDir('shared-cache-');
    process.env.TESTBED_HOME = path.join(dir, 'home');
    const first = await runCli([
      'index',
      TINY_BEIR,
      '--out',
      path.join(dir, 'elsewhere', 'tiny.sqlite'),
      '--embedder',
      'hash:64',
      '--chunker',
      'structure:40',
    ]);
    expect(first.code, first.err).toBe(0);
    const built = IndexReader.open(path.join(dir, 'elsewhere', 'tiny.sqlite'));
    const chunks = built.meta.counts.chunks;
    expect(built.meta.build.embeddings).toEqual({ fromCache: 0, embedded: chunks });
    built.close();
    expect(first.err).toContain(`0 from the cache, ${chunks} by the model`);

    const config = parseExperimentConfig(
      `name: shared\ncorpus: ${TINY_BEIR}\noutput: ${path.join(dir, 'out')}\ngrid:\n  chunkers: ['structure:40']\n  embedders: ['hash:64']\n  retrievers: [{ name: dense, mode: dense }]\n`,
    );
    await runExperiment(config);
    const cached = fs.readdirSync(path.join(dir, 'home', 'indexes')).filter((f) => f.endsWith('.sqlite'));
    expect(cached).toHaveLength(1);
    const reader = IndexReader.open(path.join(dir, 'home', 'indexes', cached[0]!));
    expect(reader.meta.build.embeddings).toEqual({ fromCache: chunks, embedded: 0 });
    reader.close();
  });
});
