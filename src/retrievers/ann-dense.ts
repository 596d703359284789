import type { Embedder } from '../embedders/types.js';
import type { HnswSearch } from './hnsw-file.js';
import type { Hit, Retriever, SearchOptions } from './types.js';
import { topK } from './top-k.js';

/**
 * The chunk and document of a row of the index's vector table (the graph's keys are rows): looked
 * up for the rows a search finds, so a search thread holds no id of the rows it never returns
 * (at a million chunks, holding them all cost each worker ~150 MB and 1.6 s before its first query).
 */
export type AnnRowIds = (row: number) => { chunkId: string; docId: string };

/** The exact <row, q> of the rows a graph found, from the index's own vectors (ann-rescore.ts). */
export type AnnRescore = (rows: Uint32Array, q: Float32Array) => Float32Array;

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
 *
 * With `rescore` (a float16 graph, whose own scores are off by up to ~2e-4), the rows found are
 * scored again from the index's float32 vectors, so a hit's score is the exact scan's and the
 * graph decides only which rows are found.
 */
export function createAnnDenseRetriever(
  graph: HnswSearch,
  ids: AnnRowIds,
  embedder: Embedder,
  rescore?: AnnRescore,
): Retriever {
  return {
    name: 'dense-ann',
    async search(query: string, { k, level, filter }: SearchOptions) {
      const t0 = performance.now();
      const { vectors } = await embedder.embed([query], 'query');
      const t1 = performance.now();
      const q = vectors[0]!;
      // Each row's ids looked up once per search, however often a wider search finds it again.
      const looked = new Map<number, { chunkId: string; docId: string }>();
      const idsOf = (row: number) => {
        let found = looked.get(row);
        if (!found) looked.set(row, (found = ids(row)));
        return found;
      };
      // One row past k: whether the k-th score's ties go on past what was asked for.
      let wanted = k + 1;
      let hits: Hit[];
      for (;;) {
        const found = graph.search(q, wanted);
        const { rows } = found;
        const scores = rescore ? rescore(rows, q) : found.scores;
        const passing = filter
          ? keep(rows, scores, (row) => filter.chunkIds.has(idsOf(row).chunkId))
          : { rows, scores };
        hits = level === 'chunk' ? chunkHits(idsOf, passing, k) : docHits(idsOf, passing, k);
        if (k <= 0 || wanted >= graph.size || rows.length < wanted) break;
        // Enough hits, unless the last row found ties the k-th hit: then a row the search did not
        // reach may tie it too and win the tie-break (id order, as the exact scan breaks it), so
        // the top k would not be a prefix of a deeper search's.
        if (hits.length >= k && lowest(scores) < hits[k - 1]!.score) break;
        wanted = Math.min(graph.size, wanted * WIDEN);
      }
      const t2 = performance.now();
      return { hits, timings: { embed: t1 - t0, dense: t2 - t1 } };
    },
  };
}

/** The lowest score found: the last one, unless rescoring reordered them. */
function lowest(scores: Float32Array): number {
  let min = Infinity;
  for (let i = 0; i < scores.length; i++) if (scores[i]! < min) min = scores[i]!;
  return min;
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
  const chunkIds = Array.from(found.rows, (row) => ids(row).chunkId);
  return topK(found.scores, chunkIds, k).map((i, r) => {
    const row = found.rows[i]!;
    return { id: chunkIds[i]!, docId: ids(row).docId, chunkId: chunkIds[i]!, score: found.scores[i]!, rank: r + 1 };
  });
}

/** Each found document as its best found chunk (on a tie the smaller chunk id, as dense.ts), ranked as topK ranks. */
function docHits(ids: AnnRowIds, found: Found, k: number): Hit[] {
  const best = new Map<string, { score: number; chunkId: string }>();
  for (let i = 0; i < found.rows.length; i++) {
    const row = found.rows[i]!;
    const { docId, chunkId } = ids(row);
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
