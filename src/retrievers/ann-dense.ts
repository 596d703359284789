import type { Embedder } from '../embedders/types.js';
import type { HnswSearch } from './hnsw-file.js';
import type { Hit, Retriever, SearchOptions } from './types.js';
import { topK } from './top-k.js';

/** The chunk and document of each row of the index's vector table (the graph's keys are rows). */
export interface AnnRowIds {
  chunkIds: string[];
  docIds: string[];
}

/** How much wider each retry asks the graph, when too few of its rows pass or collapse to k documents. */
const WIDEN = 4;

/**
 * Dense search through an HNSW graph (hnsw-file.ts) instead of the exact scan: the rows the
 * graph finds, scored by the same cosine (usearch sums in float32 where the scan sums in float64,
 * so scores agree to float32 rounding and rows that tie, or nearly, may come in another order)
 * and ranked with the exact dense retriever's tie-break (dense.ts), so `ann_recall@k` against
 * the exact scan measures what the graph missed, and near-ties at the k-th place.
 *
 * The graph ranks chunks, unfiltered. At document level, or under a filter, the first k rows it
 * returns may yield fewer than k documents (several chunks of one document) or fewer than k
 * passing chunks: the search is then asked again WIDEN times wider, until k are found or the
 * whole graph was asked for. A selective filter thus costs a wide search; it never returns fewer
 * hits than exist. The same widening runs while the last row found ties the k-th hit, so tied
 * rows are ranked by the exact scan's tie-break among all the graph finds of them.
 */
export function createAnnDenseRetriever(graph: HnswSearch, ids: AnnRowIds, embedder: Embedder): Retriever {
  return {
    name: 'dense-ann',
    async search(query: string, { k, level, filter }: SearchOptions) {
      const t0 = performance.now();
      const { vectors } = await embedder.embed([query], 'query');
      const t1 = performance.now();
      const q = vectors[0]!;
      // One row past k: whether the k-th score's ties go on past what was asked for.
      let wanted = k + 1;
      let hits: Hit[];
      for (;;) {
        const { rows, scores } = graph.search(q, wanted);
        const passing = filter
          ? keep(rows, scores, (row) => filter.chunkIds.has(ids.chunkIds[row]!))
          : { rows, scores };
        hits = level === 'chunk' ? chunkHits(ids, passing, k) : docHits(ids, passing, k);
        if (k <= 0 || wanted >= graph.size || rows.length < wanted) break;
        // Enough hits, unless the last row found ties the k-th hit: then a row the search did not
        // reach may tie it too and win the tie-break (id order, as the exact scan breaks it), so
        // the top k would not be a prefix of a deeper search's.
        if (hits.length >= k && scores[scores.length - 1]! < hits[k - 1]!.score) break;
        wanted = Math.min(graph.size, wanted * WIDEN);
      }
      const t2 = performance.now();
      return { hits, timings: { embed: t1 - t0, dense: t2 - t1 } };
    },
  };
}

interface Found {
  rows: ArrayLike<number>;
  scores: ArrayLike<number>;
}

function keep(rows: Uint32Array, scores: Float32Array, passes: (row: number) => boolean): Found {
  const kept: Found = { rows: [] as number[], scores: [] as number[] };
  for (let i = 0; i < rows.length; i++) {
    if (!passes(rows[i]!)) continue;
    (kept.rows as number[]).push(rows[i]!);
    (kept.scores as number[]).push(scores[i]!);
  }
  return kept;
}

/** The found chunks ranked as the exact scan ranks them (score, then id: topK's order). */
function chunkHits(ids: AnnRowIds, found: Found, k: number): Hit[] {
  const chunkIds = Array.from(found.rows, (row) => ids.chunkIds[row]!);
  return topK(found.scores, chunkIds, k).map((i, r) => {
    const row = found.rows[i]!;
    return { id: chunkIds[i]!, docId: ids.docIds[row]!, chunkId: chunkIds[i]!, score: found.scores[i]!, rank: r + 1 };
  });
}

/** Each found document as its best found chunk (on a tie the smaller chunk id, as dense.ts), ranked as topK ranks. */
function docHits(ids: AnnRowIds, found: Found, k: number): Hit[] {
  const best = new Map<string, { score: number; chunkId: string }>();
  for (let i = 0; i < found.rows.length; i++) {
    const row = found.rows[i]!;
    const docId = ids.docIds[row]!;
    const chunkId = ids.chunkIds[row]!;
    const score = found.scores[i]!;
    const kept = best.get(docId);
    if (!kept || score > kept.score || (score === kept.score && chunkId < kept.chunkId))
      best.set(docId, { score, chunkId });
  }
  const docs = [...best.keys()];
  const scores = docs.map((d) => best.get(d)!.score);
  return topK(scores, docs, k).map((d, r) => ({
    id: docs[d]!,
    docId: docs[d]!,
    chunkId: best.get(docs[d]!)!.chunkId,
    score: scores[d]!,
    rank: r + 1,
  }));
}
