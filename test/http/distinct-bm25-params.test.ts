import path from 'node:path';
import v8 from 'node:v8';
import vm from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/http/app.js';
import { buildIndex } from '../../src/indexing/build-index.js';
import { LEXICAL_INDEXES } from '../../src/legs/leg-factory.js';
import { WINK_ENGINES } from '../../src/legs/lexical.js';
import { IndexCatalog } from '../../src/serving/catalog/index-catalog.js';
import { writeJsonl } from '../helpers/lexical-fixtures.js';
import { tmpDir } from '../helpers/tmp.js';

/**
 * A search may name its own BM25 k1 and b, and search needs no token by default: 1,000 searches,
 * each with a k1 no other used, must not leave 1,000 engines behind. The open index keeps at
 * most WINK_ENGINES.keep wink engines and LEXICAL_INDEXES.keep postings scorers, the most
 * recently used, and the process's memory stays flat.
 *
 * The index is 200 made-up documents of 50 words (60 kB of text): big enough that a wink engine
 * is measurable, small enough to build a thousand in seconds. Measured after a full GC, on main
 * (every engine kept) the 1,000 wink searches grew the live heap by 659 MB, 0.66 MB an engine,
 * and RSS by 667 MB; with four kept, the live heap by 2.7 MB (the four, and the index's other
 * state) and RSS by 92 to 149 MB over three runs: the heap V8 grew to between collections, which
 * it keeps. The bounds lie between: live growth under 20 MB (30 engines' worth), RSS under 300 MB.
 */
const LIVE_BOUND_MB = 20;
const RSS_BOUND_MB = 300;
const root = tmpDir('distinct-bm25-');
const dataDir = path.join(root, 'data');
let catalog: IndexCatalog;

/** Word w0..w999, drawn by a fixed linear congruential sequence, so every run indexes the same text. */
function madeUpDocs(docs: number, words: number): { _id: string; text: string }[] {
  let x = 12345;
  const next = () => ((x = (x * 1103515245 + 12345) % 2 ** 31), x % 1000);
  return Array.from({ length: docs }, (_, d) => ({
    _id: `d${d}`,
    text: Array.from({ length: words }, () => `w${next()}`).join(' '),
  }));
}

beforeAll(async () => {
  const corpus = path.join(root, 'madeup.jsonl');
  writeJsonl(corpus, madeUpDocs(200, 50));
  await buildIndex({
    corpus,
    out: path.join(dataDir, 'madeup.sqlite'),
    chunker: 'doc',
    embedder: 'none',
  });
  catalog = new IndexCatalog(dataDir);
});
afterAll(() => catalog.close());

/** A full garbage collection, so what is measured is what stays alive, not garbage V8 has yet to collect. */
v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;

const kept = () => catalog.local.searcher('madeup', catalog.indexes.fileOf('madeup')).keptLegParts();

describe('searches with 1,000 distinct k1 values', () => {
  it.each([
    ['wink', WINK_ENGINES],
    ['postings', LEXICAL_INDEXES],
  ] as const)(
    'engine %s: the index keeps at most its bound, the most recent, and RSS stays flat',
    async (engine, bound) => {
      const app = createApp({ catalog, corporaRoot: root, cacheDir: path.join(root, 'cache') });
      const search = async (k1: number) => {
        const res = await app.request(`/search/bm25?index=madeup&q=w1%20w2%20w3&engine=${engine}&k1=${k1}`);
        expect(res.status).toBe(200);
        return ((await res.json()) as { hits: { id: string; score: number }[] }).hits;
      };
      await search(0.9);
      gc();
      const before = process.memoryUsage();
      let most = 0;
      for (let i = 0; i < 1000; i++) {
        await search(1 + i / 1000);
        most = Math.max(most, kept()[bound.kind] ?? 0);
      }
      gc();
      const after = process.memoryUsage();
      expect(most).toBe(bound.keep);
      expect((after.heapUsed - before.heapUsed) / 1e6).toBeLessThan(LIVE_BOUND_MB);
      expect((after.rss - before.rss) / 1e6).toBeLessThan(RSS_BOUND_MB);
      // The same k1 again gives the same hits, kept or rebuilt.
      expect(await search(1.999)).toEqual(await search(1.999));
      const evicted = await search(1);
      expect(kept()[bound.kind]).toBe(bound.keep);
      expect(await search(1)).toEqual(evicted);
    },
  );
});
