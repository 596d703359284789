import { InputError } from '../errors.js';
import { createDenseRetriever } from '../retrievers/dense.js';
import { defineLeg } from './leg-definition.js';

/**
 * The exact scan over the index's vectors: the table and the query embedder are loaded on first
 * use and kept while the index is open (a failed load is forgotten, so the next search retries).
 */
export const denseLeg = defineLeg({
  type: 'dense',
  description: "exact cosine scan over the index's vectors, the query embedded by the index's own embedder",
  fields: {},
  defaultName: () => 'dense',
  create(_leg, ctx) {
    const spec = ctx.reader.meta.embedder;
    if (!spec) {
      return Promise.reject(
        new InputError(
          `index "${ctx.indexName}" was built without embeddings (--embedder none): only lexical legs are available`,
        ),
      );
    }
    return ctx.memo('dense', () =>
      ctx.loadEmbedder(spec.id).then(async (e) => createDenseRetriever(await ctx.loadVectors(ctx.reader), e)),
    );
  },
  embedsQuery: () => true,
  signal: () => 'dense',
});
