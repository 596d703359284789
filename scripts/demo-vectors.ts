/**
 * Makes the vectors the demo ships (corpora/demo/vectors/, src/indexing/shipped-vectors.ts), so
 * a first `npm start` serves dense and hybrid without embedding: every chunk text of the demo as
 * `testbed serve --ensure demo` cuts it (the chunker `auto` chooses for use-lite), embedded with
 * use-lite through the shared embedding cache, quantised to int8 with one scale per vector.
 * Run it after changing the demo corpus or that chunker (test/indexing/demo-vectors.test.ts
 * fails until then). The files of an earlier chunker for the same model are removed.
 *
 *   npx tsx scripts/demo-vectors.ts [--corpus corpora/demo] [--cache-dir DIR]
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { cacheHome, embeddingCacheFile } from '../src/cache-home.js';
import { EmbeddingCache, withCache } from '../src/embedders/embedding-cache.js';
import { createUseLiteEmbedder } from '../src/embedders/use-lite.js';
import { chunkTextsByKey } from '../src/indexing/shipped-embedder.js';
import { SHIPPED_VECTORS_FOLDER, type ShippedEntry, writeShippedVectors } from '../src/indexing/shipped-vectors.js';
import { lexicalFirstChunker } from '../src/serving/builds/vectors-pending.js';

const { values } = parseArgs({
  options: { corpus: { type: 'string', default: 'corpora/demo' }, 'cache-dir': { type: 'string' } },
});
const corpus = values.corpus!;
const chunker = lexicalFirstChunker();
const { chunks, texts } = await chunkTextsByKey(corpus, chunker);
console.error(`${corpus}: ${chunks} chunks (${chunker}), ${texts.size} distinct texts`);

const model = await createUseLiteEmbedder();
const cache = new EmbeddingCache(embeddingCacheFile(cacheHome(values['cache-dir'])));
const cached = withCache(model, cache);
const entries: ShippedEntry[] = [];
const all = [...texts];
const started = performance.now();
try {
  for (let i = 0; i < all.length; i += 64) {
    const batch = all.slice(i, i + 64);
    const { vectors, truncated } = await cached.embed(
      batch.map(([, text]) => text),
      'passage',
    );
    batch.forEach(([key], j) =>
      entries.push({ key: Buffer.from(key, 'hex'), vector: vectors[j]!, truncated: truncated[j]! }),
    );
    console.error(`${entries.length}/${all.length} (${cached.hits} from the cache)`);
  }
} finally {
  cache.close();
  await model.close?.();
}

const folder = path.join(corpus, SHIPPED_VECTORS_FOLDER);
for (const old of fs.existsSync(folder) ? fs.readdirSync(folder) : []) {
  if (old.startsWith(`${model.id}.`)) fs.rmSync(path.join(folder, old));
}
const file = writeShippedVectors(folder, { id: model.id, dims: model.dims, maxTokens: model.maxTokens }, chunker, entries);
console.error(
  `wrote ${file}: ${entries.length} vectors, ${cached.misses} embedded in ${((performance.now() - started) / 1000).toFixed(1)} s`,
);
