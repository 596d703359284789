import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { IndexCatalog } from '../../src/serving/catalog/index-catalog.js';
import { createHashEmbedder } from '../../src/embedders/hash.js';
import type { Embedder } from '../../src/embedders/types.js';
import { buildIndex } from '../../src/indexing/build-index.js';
import { TINY_BEIR, tmpDir } from '../helpers/tmp.js';
import { searchRequest } from './helpers/search-request.js';

/**
 * A search in flight on an index that gets swapped (rebuilt) or deleted under it must finish on
 * the index it started on, however long it waits (the first dense query of a process waits for
 * its model to load, which can take longer than any fixed grace period). The replaced index
 * is closed once nothing uses it any more.
 */

const dir = tmpDir('swap-in-flight-');
const embedder = createHashEmbedder(64);

/** A catalog whose query embedder only arrives when the test says so: a slow model load. */
function catalogWithSlowEmbedder(dataDir: string) {
  const catalog = new IndexCatalog(dataDir);
  let release!: () => void;
  const loaded = new Promise<Embedder>((resolve) => (release = () => resolve(embedder)));
  vi.spyOn(catalog.local.embedders, 'get').mockImplementation(() => loaded);
  return { catalog, release: () => release() };
}

/** The catalog's in-process searcher of the index `live`, opened on first use as a search opens it. */
const live = (catalog: IndexCatalog) => catalog.local.searcher('live', catalog.indexes.fileOf('live'));

async function build(dataDir: string, chunker: string) {
  await buildIndex({
    corpus: TINY_BEIR,
    out: path.join(dataDir, 'live.sqlite'),
    chunker,
    embedder,
    cacheFile: path.join(dir, 'cache.sqlite'),
  });
}

afterEach(() => vi.useRealTimers());

describe('a search in flight while its index changes', () => {
  it('finishes on the old index after a swap, even when it waits a minute for the model', async () => {
    const dataDir = path.join(dir, 'swap');
    await build(dataDir, 'doc');
    const { catalog, release } = catalogWithSlowEmbedder(dataDir);
    try {
      const old = live(catalog);
      const inFlight = old.search(searchRequest('dense', 'error E1042 session token', { k: 3 }));
      await build(dataDir, 'structure:40');
      vi.useFakeTimers();
      const fresh = live(catalog);
      expect(fresh).not.toBe(old);
      expect(fresh.meta.chunker).toBe('structure:40');
      vi.advanceTimersByTime(60_000);
      vi.useRealTimers();
      release();
      const res = await inFlight;
      expect(res.hits[0]?.doc_id).toBe('error-e1042');
      // served by the old generation: one chunk per document, the whole of it
      expect(res.hits.every((h) => h.id.endsWith('#0') && h.start === 0)).toBe(true);
      // and once that search is over, nothing holds the replaced index open
      expect(old.reader.isOpen).toBe(false);
      expect(fresh.reader.isOpen).toBe(true);
    } finally {
      await catalog.close();
    }
  });

  it('finishes on the deleted index after a DELETE, which then closes it', async () => {
    const dataDir = path.join(dir, 'delete');
    await build(dataDir, 'doc');
    const { catalog, release } = catalogWithSlowEmbedder(dataDir);
    try {
      const old = live(catalog);
      const inFlight = old.search(searchRequest('hybrid', 'port 7400 memory', { k: 2 }));
      catalog.remove('live');
      expect(fs.existsSync(path.join(dataDir, 'live.sqlite'))).toBe(false);
      release();
      const res = await inFlight;
      expect(res.hits[0]?.doc_id).toBe('install-linux');
      expect(old.reader.isOpen).toBe(false);
    } finally {
      await catalog.close();
    }
  });

  it('an idle replaced index is closed at once', async () => {
    const dataDir = path.join(dir, 'idle');
    await build(dataDir, 'doc');
    const catalog = new IndexCatalog(dataDir);
    try {
      const old = live(catalog);
      await old.search(searchRequest('bm25', 'install', { k: 1 }));
      await build(dataDir, 'structure:40');
      expect(live(catalog)).not.toBe(old);
      expect(old.reader.isOpen).toBe(false);
    } finally {
      await catalog.close();
    }
  });
});
