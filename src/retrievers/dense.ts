import type { Embedder } from '../embedders/types.js';
import { createDenseScan } from './dense-scan.js';
import type { Hit, Retriever, SearchOptions } from './types.js';
import { topK } from './top-k.js';

export { dotAll } from './dot-all.js';
export {
  allocateSharedVectorMatrix,
  allocateVectorMatrix,
  attachVectorMatrix,
  type SharedVectorMatrix,
} from './dense-scan.js';

/** Normalised chunk vectors, one row each, in one contiguous array (row i = chunkIds[i]). */
export interface VectorTable extends RowIds {
  matrix: Float32Array;
  dims: number;
}

/** The chunk and document of each row. */
interface RowIds {
  chunkIds: string[];
  docIds: string[];
}

/**
 * Exact dense search: the query vector's dot product with every row (cosine, since rows and
 * query are L2-normalised), then exact top-k. No approximate index: a testbed must not mix
 * ANN recall loss into the retriever's quality.
 * At document level a document scores as its best chunk.
 *
 * The scan is dense-scan.ts's: a WebAssembly SIMD kernel (3 to 3.5× faster than dotAll on
 * 100k × 384) where it can run, dotAll otherwise. For the kernel the table must lie in wasm
 * memory: allocate it with allocateVectorMatrix (as the Searcher does, through
 * IndexReader.loadVectors) and it is scanned in place; any other table is copied once, here.
 * TESTBED_DENSE_KERNEL=js forces dotAll (to compare the two, or to rule the kernel out).
 */
export function createDenseRetriever(table: VectorTable, embedder: Embedder): Retriever {
  const { docs, rowDoc } = indexDocs(table.docIds);
  const { scan } = createDenseScan(table);
  // Only the ids are kept: with a copied table the caller's matrix can then be freed.
  const ids: RowIds = { chunkIds: table.chunkIds, docIds: table.docIds };
  return {
    name: 'dense',
    async search(query: string, { k, level, filter }: SearchOptions) {
      const t0 = performance.now();
      const { vectors } = await embedder.embed([query], 'query');
      const t1 = performance.now();
      const scores = scan(vectors[0]!);
      // Rows outside the filter score NaN, which topK and the document maximum both skip.
      if (filter) for (let i = 0; i < scores.length; i++) if (!filter.chunkIds.has(ids.chunkIds[i]!)) scores[i] = NaN;
      const hits = level === 'chunk' ? chunkHits(ids, scores, k) : docHits(ids, scores, docs, rowDoc, k);
      const t2 = performance.now();
      return { hits, timings: { embed: t1 - t0, dense: t2 - t1 } };
    },
  };
}

function chunkHits(table: RowIds, scores: Float32Array, k: number): Hit[] {
  return topK(scores, table.chunkIds, k).map((i, r) => ({
    id: table.chunkIds[i]!,
    docId: table.docIds[i]!,
    chunkId: table.chunkIds[i]!,
    score: scores[i]!,
    rank: r + 1,
  }));
}

function docHits(table: RowIds, scores: Float32Array, docs: string[], rowDoc: Int32Array, k: number): Hit[] {
  const best = new Float32Array(docs.length).fill(-Infinity);
  const bestRow = new Int32Array(docs.length);
  for (let i = 0; i < scores.length; i++) {
    const d = rowDoc[i]!;
    // On a tie the smaller chunk id is kept, as in collapseToDocs and the BM25 SQL.
    if (scores[i]! > best[d]! || (scores[i] === best[d] && table.chunkIds[i]! < table.chunkIds[bestRow[d]!]!)) {
      best[d] = scores[i]!;
      bestRow[d] = i;
    }
  }
  // A document with no scored row (all filtered out) is not a candidate.
  for (let d = 0; d < best.length; d++) if (best[d] === -Infinity) best[d] = NaN;
  return topK(best, docs, k).map((d, r) => ({
    id: docs[d]!,
    docId: docs[d]!,
    chunkId: table.chunkIds[bestRow[d]!]!,
    score: best[d]!,
    rank: r + 1,
  }));
}

function indexDocs(docIds: string[]): { docs: string[]; rowDoc: Int32Array } {
  const position = new Map<string, number>();
  const rowDoc = new Int32Array(docIds.length);
  docIds.forEach((d, i) => {
    let p = position.get(d);
    if (p === undefined) position.set(d, (p = position.size));
    rowDoc[i] = p;
  });
  return { docs: [...position.keys()], rowDoc };
}
