import { InputError } from '../errors.js';
import { createAnnDenseRetriever } from '../retrievers/ann-dense.js';
import { openAnnGraph } from '../retrievers/ann-file.js';
import { exactRescore } from '../retrievers/ann-rescore.js';
import { createDenseRetriever } from '../retrievers/dense.js';
import { annField, annSettings, describeAnn } from './ann-fields.js';
import { defineLeg, type MemoBound } from './leg-definition.js';

/**
 * ANN searchers an open index keeps (per search thread), one per (M, ef_construction, ef_search)
 * asked for: each maps the same graph file (its pages shared through the page cache) with its
 * own few bytes a row of lookup tables, so only the 4 most recently used stay.
 */
export const ANN_SEARCHERS: MemoBound = { kind: 'dense:ann', keep: 4 };

/**
 * The exact scan over the index's vectors: the table and the query embedder are loaded on first
 * use and kept while the index is open (a failed load is forgotten, so the next search retries).
 * With `ann`, an HNSW graph of the same vectors instead (retrievers/ann-file.ts): built beside
 * the index file on first use, then memory-mapped, so a search thread holds neither the vectors
 * nor the rows' ids (it looks up those of the rows it finds).
 */
export const denseLeg = defineLeg({
  type: 'dense',
  description:
    "cosine over the index's vectors, the query embedded by the index's own embedder: an exact scan, or an HNSW graph with `ann`",
  fields: { ann: annField },
  defaultName: (leg) => (leg.ann ? 'dense-ann' : 'dense'),
  create(leg, ctx) {
    const spec = ctx.reader.meta.embedder;
    if (!spec) {
      return Promise.reject(
        new InputError(
          `index "${ctx.indexName}" was built without embeddings (--embedder none): only lexical legs are available`,
        ),
      );
    }
    const { ann } = leg;
    if (!ann)
      return ctx.memo('dense', () =>
        ctx.loadEmbedder(spec.id).then(async (e) => createDenseRetriever(await ctx.loadVectors(ctx.reader), e)),
      );
    const settings = annSettings(ann);
    const { reader } = ctx;
    return ctx.memoRecent(ANN_SEARCHERS, JSON.stringify(settings), () =>
      ctx.loadEmbedder(spec.id).then((e) => {
        const { graph } = openAnnGraph(
          {
            indexFile: reader.file,
            vectorsKey: reader.vectorsKey(),
            rows: reader.meta.counts.vectors,
            dims: spec.dims,
            vectorBatches: () => reader.vectorBatches(),
          },
          settings,
        );
        const rowidOf = ctx.memo('dense:row-ids', () => reader.vectorRowids());
        // A float16 graph's scores are approximate: the rows it finds are scored from the index's vectors.
        const rescore =
          settings.quantization === 'f32'
            ? undefined
            : exactRescore(rowidOf, spec.dims, (rowids) => reader.vectorsAt(rowids));
        return createAnnDenseRetriever(graph, (row) => reader.identifyRow(rowidOf(row)), e, rescore);
      }),
    );
  },
  embedsQuery: () => true,
  annResults: (leg) => leg.ann !== undefined,
  annSetting: (leg) => (leg.ann ? describeAnn(leg.ann) : undefined),
  signal: () => 'dense',
});
