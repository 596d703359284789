import os from 'node:os';
import path from 'node:path';

/**
 * The one cache every command shares: embeddings (by embedder id and text, so a corpus embedded
 * by `testbed index` is not embedded again by `testbed experiment` or a build over HTTP), the
 * experiments' indexes, and the server's job records. Chosen, in order, by --cache-dir, the
 * TESTBED_HOME environment variable, $XDG_CACHE_HOME/retrieval-testbed, or
 * ~/.cache/retrieval-testbed: one place per user, whatever folder a command runs in.
 */
export function cacheHome(explicit?: string): string {
  if (explicit) return path.resolve(explicit);
  if (process.env.TESTBED_HOME) return path.resolve(process.env.TESTBED_HOME);
  const base = process.env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache');
  return path.join(base, 'retrieval-testbed');
}

/** The shared embedding cache file inside a cache home. */
export const embeddingCacheFile = (home: string): string => path.join(home, 'embeddings.sqlite');
