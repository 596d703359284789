import type { Searcher } from '../search/searcher.js';
import { corruptionAsUnreadable } from '../serving/catalog/index-status.js';
import type { McpDeps } from './mcp-deps.js';
import { checkServedIndex } from './served-index.js';

/**
 * The searcher of a served index on this thread (catalog.local), for what a search worker does not
 * answer: a document by id, a query's analysed terms. A missing index is a NotFoundError, an
 * unreadable one an UnreadableIndexError, as for a search.
 */
export function openedIndex(deps: McpDeps, index: string): Searcher {
  checkServedIndex(deps, index);
  const { file } = deps.catalog.indexes.searchable(index);
  try {
    return deps.catalog.local.searcher(index, file);
  } catch (err) {
    throw corruptionAsUnreadable(err, index);
  }
}
