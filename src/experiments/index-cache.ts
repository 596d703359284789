import fs from 'node:fs';
import path from 'node:path';
import { hashFiles, openCorpus } from '../corpus/index.js';
import { buildIndex } from '../indexing/build-index.js';
import type { ProgressListener } from '../indexing/progress.js';
import { InputError } from '../errors.js';
import { IndexReader } from '../store/index-reader.js';
import { damageAsInputError } from '../store/sqlite-corruption.js';
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
 * reuses them instead of re-chunking and re-embedding. A cached index is checked before it is
 * reused (every page read once, as the run's searches read them anyway): one that is damaged (a
 * disk fault, a copy cut short) is the cache's to remake, so it is rebuilt, with a notice naming
 * the file, instead of the run failing on a bad page halfway through.
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
  let meta = fs.existsSync(file) ? reusable(file, options.onNotice) : undefined;
  const reused = meta !== undefined;
  if (!meta) {
    meta = await buildIndex({
      corpus,
      out: file,
      ...spec,
      cacheFile: dirs.embeddingCache,
      ...(options.onProgress && { onProgress: options.onProgress }),
      ...(options.onNotice && { onNotice: options.onNotice }),
    });
  }
  return { file, key, meta, reused, sizeBytes: fs.statSync(file).size };
}

/** The cached index's metadata, or undefined when the file is damaged: it is then removed, to be built again. */
function reusable(file: string, onNotice: ((m: string) => void) | undefined): IndexMeta | undefined {
  let reader: IndexReader;
  try {
    reader = IndexReader.open(file, { quickCheck: true });
  } catch (err) {
    if (!(err instanceof InputError)) throw err;
    onNotice?.(`cached index ${file} is damaged (${err.detail}): rebuilding it`);
    fs.rmSync(file, { force: true });
    return undefined;
  }
  const meta = reader.meta;
  reader.close();
  return meta;
}

/**
 * Runs `work`, which reads the cached index `file`, turning a damaged page met there (one the
 * check before reuse could not see, or damage since) into the one-line error every command gives
 * for an unreadable index, naming the file and what to do, instead of a SqliteError's stack.
 */
export function readingCachedIndex<T>(file: string, work: () => Promise<T>): Promise<T> {
  return damageAsInputError(
    file,
    (message) => `cached index is damaged: ${message}; delete the file and run again: the next run rebuilds it`,
    work,
  );
}
