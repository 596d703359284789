import type { Leg } from './resolve-pipeline.js';

/** Same placeholder syntax as remote/template.ts, which sits above spec/ and cannot be imported here. */
const VECTOR_PLACEHOLDER = /\{\{\s*vector\s*\}\}/;

/**
 * Whether a leg sends the query as our vector: a knn or qdrant leg with our body, or any
 * engine leg whose own body names {{vector}}. Such a leg embeds each query with the index's
 * embedder (so it needs an index built with one, and it varies with the grid's embedders), and
 * its ANN results can be held against our exact scan of the same vectors. A Qdrant body that
 * embeds on the server (its own inference) sends none.
 */
export function embedsQuery(leg: Leg): boolean {
  if (leg.type !== 'opensearch' && leg.type !== 'elasticsearch' && leg.type !== 'qdrant') return false;
  if (leg.body !== undefined) return VECTOR_PLACEHOLDER.test(JSON.stringify(leg.body));
  return leg.type === 'qdrant' || leg.query === 'knn';
}
