import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Embedder } from '../../src/embedders/types.js';
import { createAnnDenseRetriever } from '../../src/retrievers/ann-dense.js';
import { createDenseRetriever } from '../../src/retrievers/dense.js';
import { buildHnsw, type HnswSearch, viewHnsw } from '../../src/retrievers/hnsw-file.js';
import type { ChunkFilter, Level } from '../../src/retrievers/types.js';
import { createRng } from '../../src/stats/prng.js';
import { tmpDir } from '../helpers/tmp.js';

/**
 * The HNSW graph against the exact scan on a generated set: 2,000 rows of 32 dims in 20 clusters
 * (each row its cluster's centre plus Gaussian noise, normalised, as embeddings cluster), two rows
 * per document, 40 queries drawn the same way. The graph is built on one thread, so it is the
 * same on every run (usearch draws node levels from a default-seeded generator) and its recall
 * at each ef_search is a fixed number.
 */
const ROWS = 2000;
const DIMS = 32;
const QUERIES = 40;
const K = 10;
const BUILD = { connectivity: 16, efConstruction: 128, quantization: 'f32' } as const;

function clustered(n: number, seed: number, centres: Float32Array): Float32Array {
  const rng = createRng(seed);
  const gaussian = () => Math.sqrt(-2 * Math.log(1 - rng())) * Math.cos(2 * Math.PI * rng());
  const m = new Float32Array(n * DIMS);
  for (let r = 0; r < n; r++) {
    const c = Math.floor(rng() * (centres.length / DIMS));
    let norm = 0;
    for (let j = 0; j < DIMS; j++) {
      const x = centres[c * DIMS + j]! + 0.15 * gaussian();
      m[r * DIMS + j] = x;
      norm += x * x;
    }
    for (let j = 0; j < DIMS; j++) m[r * DIMS + j]! /= Math.sqrt(norm);
  }
  return m;
}

const centres = clustered(20, 1, new Float32Array(DIMS).fill(0));
const matrix = clustered(ROWS, 2, centres);
const queries = clustered(QUERIES, 3, centres);
const chunkIds = Array.from({ length: ROWS }, (_, i) => `d${String(i >> 1).padStart(4, '0')}#${i & 1}`);
const docIds = chunkIds.map((id) => id.split('#')[0]!);
const texts = Array.from({ length: QUERIES }, (_, i) => `q${i}`);
const embedder: Embedder = {
  id: 'fixed',
  dims: DIMS,
  maxTokens: 100,
  embed: async ([t]) => {
    const i = texts.indexOf(t!);
    return { vectors: [queries.subarray(i * DIMS, (i + 1) * DIMS)], truncated: [false] };
  },
};
const exact = createDenseRetriever({ matrix, dims: DIMS, chunkIds, docIds }, embedder);
let file: string;

beforeAll(() => {
  file = path.join(tmpDir('ann-dense-'), 'graph.usearch');
  buildHnsw([matrix], DIMS, BUILD, 1).save(file);
});

const annAt = (efSearch: number) =>
  createAnnDenseRetriever(
    viewHnsw(file, DIMS, BUILD, efSearch),
    (row) => ({ chunkId: chunkIds[row]!, docId: docIds[row]! }),
    embedder,
  );

/** Mean over the queries of |ANN top k ∩ exact top k| / |exact top k|, at `level` (the experiment's ann_recall@k). */
async function recallAt(efSearch: number, level: Level): Promise<number> {
  const ann = annAt(efSearch);
  let sum = 0;
  for (const q of texts) {
    const truth = (await exact.search(q, { k: K, level })).hits.map((h) => h.id);
    const found = new Set((await ann.search(q, { k: K, level })).hits.map((h) => h.id));
    sum += truth.filter((id) => found.has(id)).length / truth.length;
  }
  return sum / QUERIES;
}

describe('dense search through the HNSW graph', () => {
  it('is the exact scan, hits and scores, once ef_search covers every row (the search then visits the whole graph)', async () => {
    const ann = annAt(ROWS);
    for (const q of texts.slice(0, 10))
      for (const level of ['chunk', 'doc'] as const) {
        const want = (await exact.search(q, { k: K, level })).hits;
        const got = (await ann.search(q, { k: K, level })).hits;
        expect(got.map((h) => [h.id, h.chunkId, h.rank])).toEqual(want.map((h) => [h.id, h.chunkId, h.rank]));
        // The same dot product, summed by usearch in float32 rather than the kernel's float64.
        got.forEach((h, i) => expect(h.score).toBeCloseTo(want[i]!.score, 5));
      }
  });

  it('recalls at least 95% of the exact top 10 at ef_search 64, and no less as ef_search grows (fixed graph)', async () => {
    const efs = [10, 16, 32, 64, 128, 256];
    const recalls: number[] = [];
    for (const ef of efs) recalls.push(await recallAt(ef, 'chunk'));
    expect(recalls[efs.indexOf(64)]).toBeGreaterThanOrEqual(0.95);
    for (let i = 1; i < recalls.length; i++) expect(recalls[i], `ef ${efs[i]}`).toBeGreaterThanOrEqual(recalls[i - 1]!);
    // The narrowest search must be approximate for the test to say anything about ef_search.
    expect(recalls[0]).toBeLessThan(1);
  });

  it('widens the search until k documents pass a filter, and never answers with a document that fails it', async () => {
    // Documents whose number is a multiple of 7 pass: one in seven, so the first k rows rarely hold k of them.
    const passing = chunkIds.filter((id) => Number(id.slice(1, 5)) % 7 === 0);
    const filter = {
      chunkIds: new Set(passing),
      docIds: new Set(passing.map((id) => id.split('#')[0]!)),
    } as unknown as ChunkFilter;
    const ann = annAt(ROWS);
    for (const q of texts.slice(0, 5)) {
      const want = (await exact.search(q, { k: K, level: 'doc', filter })).hits.map((h) => h.id);
      const got = (await ann.search(q, { k: K, level: 'doc', filter })).hits.map((h) => h.id);
      expect(got).toHaveLength(K);
      expect(got).toEqual(want);
    }
  });
});

describe('ties at the k-th place', () => {
  it('are broken as the exact scan breaks them, not by which tied row the graph returned first', async () => {
    // A graph that finds the exact nearest rows but returns tied rows smallest id first (as a
    // real graph may, depending on which it reached first), cut at `wanted`. Rows 0-6 tie at the
    // top; the exact scan's tie-break keeps the largest id, c006.
    const scores = Float32Array.from({ length: 40 }, (_, i) => (i < 7 ? 0.9 : 0.5 - i / 100));
    const ids = Array.from({ length: 40 }, (_, i) => `c${String(i).padStart(3, '0')}`);
    const graph: HnswSearch = {
      size: 40,
      search: (_q, wanted) => {
        const rows = Uint32Array.from({ length: Math.min(wanted, 40) }, (_, i) => i);
        return { rows, scores: Float32Array.from(rows, (r) => scores[r]!) };
      },
    };
    const ann = createAnnDenseRetriever(graph, (row) => ({ chunkId: ids[row]!, docId: ids[row]! }), embedder);
    for (const [k, want] of [
      [1, ['c006']],
      [2, ['c006', 'c005']],
      [8, ['c006', 'c005', 'c004', 'c003', 'c002', 'c001', 'c000', 'c007']],
    ] as const) {
      const found = (await ann.search(texts[0]!, { k, level: 'chunk' })).hits.map((h) => h.id);
      expect(found).toEqual(want);
    }
  });
});
