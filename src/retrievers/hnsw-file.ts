import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import type * as Usearch from 'usearch';

// usearch's CommonJS entry: its ES module finds its native binary from the caller's stack, which
// under Node 20 points outside the package ("No native build was found"); the CommonJS one uses
// its own folder and loads the shipped linux-x64 prebuild.
const { Index, MetricKind, ScalarKind } = createRequire(import.meta.url)('usearch') as typeof Usearch;
type Index = Usearch.Index;

/**
 * The approximate index of the dense leg: an HNSW graph (Malkov & Yashunin 2018) built and
 * searched by usearch, the one file that names the library.
 *
 * Why usearch (measured on Node 20 on this two-core machine: BENCHMARKS.md, "Dense ANN: the
 * library, and the HNSW leg against the exact scan"): recall and latency were alike with
 * hnswlib-node's, but usearch ships a prebuilt N-API binary for linux-x64 (nothing compiles at
 * install; though its package.json asks for Node 22 it loads and runs on Node 20), and it can
 * `view` a saved index: the file is memory-mapped, so every search worker of a server searches
 * the same pages of the page cache instead of holding its own copy of the vectors and links.
 * hnswlib-node compiles with node-gyp at install (npm here runs no install script unless it is
 * approved) and reads a saved index into each process's memory; it built a 20k graph 2.2x faster
 * on one thread on the loaded machine, the one figure where it led. sqlite-vec's published vec0
 * is an exact scan (no approximate index to measure); LanceDB asks for Node 22 and keeps its own
 * folder format.
 *
 * Vectors are the index's L2-normalised rows, so the metric is the inner product: usearch's
 * distance is 1 - <row, q>, and the score given back is <row, q>, the exact scan's cosine (the
 * same value to float32 rounding). Each row's key is its row number in the index's vector table.
 */

/** How the graph stores its copy of the vectors: float32, or float16 (half the bytes, scores to ~2e-4). */
export const HNSW_QUANTIZATIONS = ['f32', 'f16'] as const;
export type HnswQuantization = (typeof HNSW_QUANTIZATIONS)[number];

/** What shapes the graph, and so the file: changing any means another file. */
export interface HnswBuildParams {
  /** Neighbours kept per node and layer (HNSW's M). */
  connectivity: number;
  /** Candidates kept while inserting (HNSW's efConstruction). */
  efConstruction: number;
  /**
   * The vectors' scalar type in the graph. usearch's int8 was left out: with the inner product
   * it gave back distances on another scale (errors of 1e4 on 20k random unit vectors).
   */
  quantization: HnswQuantization;
}

/** The nearest rows found for one query, best first. */
export interface HnswMatches {
  rows: Uint32Array;
  /** <row, q> for each row (1 - usearch's inner-product distance), in the graph's precision. */
  scores: Float32Array;
}

/** A saved graph opened for search at one ef_search. */
export interface HnswSearch {
  /** Vectors in the graph. */
  readonly size: number;
  /** The `wanted` nearest rows the search finds (fewer only when the graph holds fewer). */
  search(q: Float32Array, wanted: number): HnswMatches;
}

/** A graph built in memory, to be saved and then viewed. */
export interface BuiltHnsw {
  readonly size: number;
  /** Writes the graph with its vectors to `file` (usearch's own format). */
  save(file: string): void;
}

function newIndex(dims: number, params: HnswBuildParams, efSearch: number): Index {
  return new Index({
    dimensions: dims,
    metric: MetricKind.IP,
    quantization: params.quantization === 'f16' ? ScalarKind.F16 : ScalarKind.F32,
    connectivity: params.connectivity,
    expansion_add: params.efConstruction,
    expansion_search: efSearch,
    multi: false,
  });
}

/**
 * The graph over the rows of `batches` (each row-major, `dims` wide; row numbers run on across
 * batches), inserted on `threads` threads (all cores by default). Taking the rows a batch at a
 * time lets a caller read them from the index as the graph takes them, so the build never holds
 * the vectors twice (usearch keeps its own copy, the one it saves). With one thread the graph is
 * the same on every run (usearch draws each node's level from a default-seeded generator per
 * thread); with more, the order of insertion varies and so may the graph, slightly.
 */
export function buildHnsw(
  batches: Iterable<Float32Array>,
  dims: number,
  params: HnswBuildParams,
  threads = os.availableParallelism(),
): BuiltHnsw {
  const index = newIndex(dims, params, 1);
  let rows = 0;
  for (const batch of batches) {
    const n = dims > 0 ? batch.length / dims : 0;
    if (n === 0) continue;
    const keys = new BigUint64Array(n);
    for (let i = 0; i < n; i++) keys[i] = BigInt(rows + i);
    index.add(keys, batch, threads);
    rows += n;
  }
  return { size: rows, save: (file) => index.save(file) };
}

/**
 * A saved graph memory-mapped (usearch's `view`): its vectors and links stay in the page cache,
 * shared by every thread and process that views the same file, and nothing is read until a
 * search touches it. Throws when the file is not a usearch index of `dims`-wide vectors.
 */
export function viewHnsw(file: string, dims: number, params: HnswBuildParams, efSearch: number): HnswSearch {
  if (!fs.existsSync(file)) throw new Error(`no HNSW file at ${file}`);
  const index = newIndex(dims, params, efSearch);
  index.view(file);
  if (index.dimensions() !== dims)
    throw new Error(`HNSW file ${file} holds ${index.dimensions()}-d vectors, not ${dims}-d`);
  return searchOf(index, index.size());
}

function searchOf(index: Index, size: number): HnswSearch {
  return {
    size,
    search(q, wanted) {
      const n = Math.min(Math.floor(wanted), size);
      if (n <= 0) return { rows: new Uint32Array(0), scores: new Float32Array(0) };
      // One thread: a search worker is already one of the cores' threads.
      const { keys, distances } = index.search(q, n, 1);
      const rows = new Uint32Array(keys.length);
      const scores = new Float32Array(keys.length);
      for (let i = 0; i < keys.length; i++) {
        rows[i] = Number(keys[i]);
        scores[i] = 1 - distances[i]!;
      }
      return { rows, scores };
    },
  };
}
