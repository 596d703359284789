import fs from 'node:fs';
import path from 'node:path';
import { hashFiles, openCorpus } from '../corpus/index.js';
import { buildIndex } from '../indexing/build-index.js';
import type { ProgressListener } from '../indexing/progress.js';
import { IndexReader } from '../store/index-reader.js';
import type { IndexMeta } from '../store/index-meta.js';
import { SCHEMA_VERSION } from '../store/index-meta.js';
import type { IndexSpec } from '../reports/experiment-config.js';
import { stableHash } from './grid.js';

/** The folder of the cache (cacheHome, or a server's cache dir) that holds the experiments' indexes. */
export const INDEX_CACHE_FOLDER = 'indexes';

/** `indexes/<key>.sqlite`: where a cached index lies, relative to the cache dir, as a report records it. */
export function cachedIndexPath(key: string): string {
  return `${INDEX_CACHE_FOLDER}/${key}.sqlite`;
}

export interface CachedIndex {
  file: string;
  /** The cache key: the file is `<indexDir>/<key>.sqlite`. */
  key: string;
  meta: IndexMeta;
  /** false when this run built it (its build time is then this run's). */
  reused: boolean;
  sizeBytes: number;
}

/**
 * Indexes for experiments live in `<indexDir>/<key>.sqlite`, keyed by the corpus content hash
 * and the index spec: a second run, or another experiment over the same corpus and settings,
 * reuses them instead of re-chunking and re-embedding.
 */
export async function ensureIndex(
  corpus: string,
  spec: IndexSpec,
  dirs: { indexDir: string; embeddingCache: string },
  options: { onProgress?: ProgressListener; onNotice?: (m: string) => void } = {},
): Promise<CachedIndex> {
  const source = await openCorpus(corpus);
  const contentHash = await hashFiles(source.files);
  const key = stableHash({ contentHash, ...spec, schema: SCHEMA_VERSION });
  const file = path.join(dirs.indexDir, `${key}.sqlite`);
  let reused = fs.existsSync(file);
  let meta: IndexMeta;
  if (reused) {
    const reader = IndexReader.open(file);
    meta = reader.meta;
    reader.close();
  } else {
    meta = await buildIndex({
      corpus,
      out: file,
      ...spec,
      cacheFile: dirs.embeddingCache,
      ...(options.onProgress && { onProgress: options.onProgress }),
      ...(options.onNotice && { onNotice: options.onNotice }),
    });
    reused = false;
  }
  return { file, key, meta, reused, sizeBytes: fs.statSync(file).size };
}
