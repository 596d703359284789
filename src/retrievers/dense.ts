import type { Embedder } from '../embedders/types.js';
import type { Hit, Retriever, SearchOptions } from './types.js';
import { topK } from './top-k.js';

/** Normalised chunk vectors, one row each, in one contiguous array (row i = chunkIds[i]). */
export interface VectorTable {
  matrix: Float32Array;
  dims: number;
  chunkIds: string[];
  docIds: string[];
}

/**
 * Exact dense search: the query vector's dot product with every row (cosine, since rows and
 * query are L2-normalised), then exact top-k. No approximate index: a testbed must not mix
 * ANN recall loss into the retriever's quality.
 * At document level a document scores as its best chunk.
 */
export function createDenseRetriever(table: VectorTable, embedder: Embedder): Retriever {
  const { docs, rowDoc } = indexDocs(table.docIds);
  return {
    name: 'dense',
    async search(query: string, { k, level }: SearchOptions) {
      const t0 = performance.now();
      const { vectors } = await embedder.embed([query], 'query');
      const t1 = performance.now();
      const scores = dotAll(table, vectors[0]!);
      const hits = level === 'chunk' ? chunkHits(table, scores, k) : docHits(table, scores, docs, rowDoc, k);
      const t2 = performance.now();
      return { hits, timings: { embed: t1 - t0, dense: t2 - t1 } };
    },
  };
}

/** scores[i] = <row i, q>. */
export function dotAll({ matrix, dims }: VectorTable, q: Float32Array): Float32Array {
  const n = matrix.length / dims;
  const scores = new Float32Array(n);
  for (let i = 0, off = 0; i < n; i++, off += dims) {
    let s = 0;
    for (let j = 0; j < dims; j++) s += matrix[off + j]! * q[j]!;
    scores[i] = s;
  }
  return scores;
}

function chunkHits(table: VectorTable, scores: Float32Array, k: number): Hit[] {
  return topK(scores, table.chunkIds, k).map((i, r) => ({
    id: table.chunkIds[i]!,
    docId: table.docIds[i]!,
    chunkId: table.chunkIds[i]!,
    score: scores[i]!,
    rank: r + 1,
  }));
}

function docHits(table: VectorTable, scores: Float32Array, docs: string[], rowDoc: Int32Array, k: number): Hit[] {
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
