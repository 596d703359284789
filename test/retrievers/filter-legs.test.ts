import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHashEmbedder } from '../../src/embedders/hash.js';
import { createDenseRetriever } from '../../src/retrievers/dense.js';
import { createFts5Retriever } from '../../src/retrievers/fts5-bm25.js';
import type { Hit, Level, Retriever } from '../../src/retrievers/types.js';
import { createWinkRetriever } from '../../src/retrievers/wink-bm25.js';
import { IndexReader } from '../../src/store/index-reader.js';
import { tmpDir } from '../helpers/tmp.js';
import { buildFilterIndex } from '../store/filter-fixture.js';

/**
 * Every leg honours one compiled filter: its hits are the leg's unfiltered hits restricted to
 * the passing documents (all chunks of a document pass or fail together here, since the
 * conditions are on document metadata and language).
 */
describe('legs under a compiled filter', () => {
  const dir = tmpDir('filter-legs-');
  let reader: IndexReader;
  const legs: Record<string, Retriever> = {};
  beforeAll(async () => {
    const embedder = createHashEmbedder(64);
    reader = IndexReader.open(await buildFilterIndex(dir, embedder));
    legs.fts5 = createFts5Retriever(reader);
    legs.wink = createWinkRetriever(reader.chunks());
    legs.dense = createDenseRetriever(reader.loadVectors(), embedder);
  });
  afterAll(() => reader.close());

  // From the fixture: German or French drafts (true or 1) are d2 and d4.
  const spec = { draft: { in: [true, 1] }, lang: { in: ['de', 'fr'] } };
  const passing = ['d2', 'd4'];
  const scored = (hits: Hit[]) => hits.map(({ id, chunkId, score }) => ({ id, chunkId, score }));

  for (const leg of ['fts5', 'wink', 'dense']) {
    for (const level of ['chunk', 'doc'] as Level[]) {
      it(`${leg}, ${level} level`, async () => {
        const filter = reader.compileFilter(spec);
        const all = (await legs[leg]!.search('password reset', { k: 100, level })).hits;
        const kept = all.filter((h) => passing.includes(h.docId));
        expect(kept.length).toBeGreaterThan(0);
        expect(scored((await legs[leg]!.search('password reset', { k: 100, level, filter })).hits)).toEqual(
          scored(kept),
        );
      });
    }
  }
});
