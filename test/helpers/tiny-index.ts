import path from 'node:path';
import { createHashEmbedder } from '../../src/embedders/hash.js';
import { buildIndex, type BuildOptions } from '../../src/indexing/build-index.js';
import { TINY_BEIR } from './tmp.js';

/** Builds the tiny BEIR fixture with the deterministic hash embedder (no model needed). */
export async function buildTinyIndex(dir: string, options: Partial<BuildOptions> = {}) {
  const out = path.join(
    dir,
    `${options.chunker?.replace(/:/g, '-') ?? 'structure'}-${Math.random().toString(36).slice(2, 7)}.sqlite`,
  );
  const meta = await buildIndex({
    corpus: TINY_BEIR,
    out,
    chunker: 'structure:40',
    embedder: createHashEmbedder(64),
    cacheFile: path.join(dir, 'cache.sqlite'),
    ...options,
  });
  return { file: out, meta };
}
