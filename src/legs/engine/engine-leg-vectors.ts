import { placeholdersOf } from '../../remote/template.js';
import type { Leg } from '../leg-spec.js';

/**
 * Whether a leg sends the query as our vector: a knn or qdrant leg with our body, or any
 * engine leg whose own body names {{vector}}. Such a leg embeds each query with the index's
 * embedder (so it needs an index built with one, and it varies with the grid's embedders), and
 * its ANN results can be held against our exact scan of the same vectors. A Qdrant body that
 * embeds on the server (its own inference) sends none.
 */
export function embedsQuery(leg: Leg): boolean {
  if (leg.type !== 'opensearch' && leg.type !== 'elasticsearch' && leg.type !== 'qdrant') return false;
  if (leg.body !== undefined) return placeholdersOf(leg.body).includes('vector');
  return leg.type === 'qdrant' || leg.query === 'knn';
}
