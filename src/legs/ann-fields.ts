import { z } from 'zod/v4';
import type { AnnSettings } from '../retrievers/ann-file.js';
import { HNSW_QUANTIZATIONS } from '../retrievers/hnsw-file.js';

/**
 * The dense leg's `ann` field: search an HNSW graph of the index's vectors instead of scanning
 * them all. Bounds and defaults once here; the pipeline schema, the OpenAPI document and --help
 * read them from the leg's row. The defaults are usearch's own (M 16, ef_construction 128) and an
 * ef_search of 64, which BENCHMARKS.md measures against the exact scan with its neighbours.
 */
export const ANN_BOUNDS = Object.freeze({
  ef_search: Object.freeze({ min: 1, max: 4096, default: 64 }),
  connectivity: Object.freeze({ min: 2, max: 64, default: 16 }),
  ef_construction: Object.freeze({ min: 8, max: 1024, default: 128 }),
});

const bounded = (field: keyof typeof ANN_BOUNDS, help: string) => {
  const { min, max, default: value } = ANN_BOUNDS[field];
  return z.number().int().min(min).max(max).default(value).describe(`${help} (${min}-${max}, default ${value})`);
};

export const annField = z
  .object({
    ef_search: bounded(
      'ef_search',
      'candidates kept while searching the graph (at least k are): higher finds more of the exact top k, slower',
    ),
    connectivity: bounded('connectivity', "neighbours per node (HNSW's M); another value builds another graph file"),
    ef_construction: bounded(
      'ef_construction',
      'candidates kept while building the graph; another value builds another graph file',
    ),
    quantization: z
      .enum(HNSW_QUANTIZATIONS)
      .default('f32')
      .describe(
        "the graph's copy of the vectors: f32, or f16 (half the file and the memory each worker maps; the rows found are scored exactly from the index's vectors); another value builds another graph file (default f32)",
      ),
  })
  .strict()
  .optional()
  .describe(
    "search an HNSW graph of the index's vectors (built beside the index file on first use, memory-mapped by every worker) " +
      'instead of the exact scan; absent: the exact scan',
  );

/** The settings of a parsed `ann` field, as the retriever takes them. */
export function annSettings(ann: NonNullable<z.output<typeof annField>>): AnnSettings {
  return {
    connectivity: ann.connectivity,
    efConstruction: ann.ef_construction,
    efSearch: ann.ef_search,
    quantization: ann.quantization,
  };
}

/** How reports name a local ANN setting (where a remote leg shows its endpoint). */
export function describeAnn(ann: NonNullable<z.output<typeof annField>>): string {
  const quantized = ann.quantization === 'f32' ? '' : ` quantization=${ann.quantization}`;
  return `usearch HNSW M=${ann.connectivity} ef_construction=${ann.ef_construction} ef_search=${ann.ef_search}${quantized}`;
}
