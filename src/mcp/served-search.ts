import { randomUUID } from 'node:crypto';
import type { SearchRequest, SearchResponse } from '../search/types.js';
import { checkVectorsReady } from '../serving/builds/vectors-pending.js';
import { UnreadableIndexError } from '../serving/catalog/index-status.js';
import { exploreAnswer } from '../traffic/explore-swap.js';
import { queryRecord } from '../traffic/query-record.js';
import type { McpDeps } from './mcp-deps.js';
import { checkServedIndex } from './served-index.js';
import type { ToolContext } from './mcp-tool.js';

/** UBI's limit on client_id, which the HTTP API holds X-Client-Id to as well. */
const MAX_CLIENT_ID_LENGTH = 100;

/**
 * One search as the server runs it for a client, as routes/search.ts runs it for HTTP: the
 * pipeline and the index checked first (an endpoint the server may not call, a missing or
 * unreadable index, an index still embedding for a search needing vectors), the search run where
 * the server's searches run, and, with a query log, the search logged as a UBI query record
 * under a fresh query_id, explored (--explore swap) as a logged HTTP search is. Its client_id is
 * the MCP client's name from `initialize`, so agent traffic can be told from people's.
 */
export async function servedSearch(
  { deps, clientName }: ToolContext,
  index: string,
  request: SearchRequest,
): Promise<{ queryId: string; response: SearchResponse }> {
  const queryId = randomUUID();
  let json = await checkedSearchJson(deps, index, request);
  const log = deps.queryLog;
  if (log) {
    const explored = deps.explore ? exploreAnswer(json, queryId, deps.explore) : { json };
    json = explored.json;
    const clientId = clientName()?.slice(0, MAX_CLIENT_ID_LENGTH) || undefined;
    await log.writeQuery(
      queryRecord(json, {
        queryId,
        ...(clientId !== undefined && { clientId }),
        at: log.now(),
        ...(explored.exploration && { exploration: explored.exploration }),
      }),
    );
  }
  return { queryId, response: JSON.parse(json) as SearchResponse };
}

/** A search with the checks a served one passes first, not logged: the JSON text the searcher wrote. */
export async function checkedSearchJson(deps: McpDeps, index: string, request: SearchRequest): Promise<string> {
  const { catalog } = deps;
  checkServedIndex(deps, index);
  deps.checkPipeline?.(request.pipeline);
  const { file, meta } = catalog.indexes.searchable(index);
  checkVectorsReady(catalog, index, meta, request.pipeline);
  return deps.search.searchJson(index, file, request).catch((err: unknown) => {
    // A corrupt page met by the search: listed unreadable from now on, as over HTTP.
    if (err instanceof UnreadableIndexError) catalog.indexes.markUnreadable(index, err.reason);
    throw err;
  });
}
