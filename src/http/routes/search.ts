import { isJsonMediaType } from '../guards/media-type.js';
import { UnreadableIndexError } from '../../serving/catalog/index-status.js';
import { randomUUID } from 'node:crypto';
import { Hono, type Context } from 'hono';
import type { IndexCatalog } from '../../serving/catalog/index-catalog.js';
import { InputError } from '../../errors.js';
import { MODES, type Mode } from '../../search/types.js';
import { parseSearchParams } from '../../search/search-params.js';
import type { RemoteAllowList } from '../../remote/allowed-origins.js';
import { readJsonBody } from '../json-body.js';
import { errorResponse, jsonError } from '../errors.js';
import { SearchUnavailableError } from '../../serving/search-pool/search-pool.js';
import {
  checkVectorsReady,
  EMBEDDING_RETRY_AFTER_S,
  EmbeddingInProgressError,
} from '../../serving/builds/vectors-pending.js';
import type { IndexSearch } from '../../serving/searchers/index-search.js';
import { checkServedPipeline } from '../remote-check.js';
import { corsOriginSet, fromAnotherSite } from '../guards/cross-site.js';
import type { QueryLog } from '../../traffic/query-log.js';
import { interleavedQueryRecord, queryRecord } from '../../traffic/query-record.js';
import { type ExploreOptions, exploreAnswer } from '../../traffic/explore-swap.js';
import type { SearchRequest } from '../../search/types.js';
import type { Interleaving } from '../../serving/interleavings/interleave-config.js';
import { interleavedSearch } from '../../serving/interleavings/interleaved-search.js';
import { documented } from '../openapi/documented.js';
import { clientIdOf } from './client-id.js';
import { SEARCH_OPERATIONS as OPS } from './search-operations.js';

/**
 * GET (query string) and POST (JSON body) `/search`, a pipeline or a shorthand with `mode`, and
 * `/search/:mode`, the shorthands by path: the same parameters everywhere. The search runs in
 * `search` (the server's worker threads, or its own thread without them); the parameters and the
 * index are checked here first, from what the catalog knows (a missing index is a 404, an
 * unreadable one a 409), so a bad request is answered alike, without a trip to a worker and
 * without opening the index. A pipeline naming an endpoint the server was not started to call
 * (--allow-remote) is a 403 before anything runs.
 *
 * Every answer carries a fresh `query_id` (first field of the body, and the X-Query-Id header),
 * with the server logging or not, so a client that sends click events is written once. With a
 * `queryLog` (`testbed serve --log-queries DIR`) the search is logged as a UBI query record,
 * with the caller's X-Client-Id, before it is answered: an event naming the id is then accepted.
 * A search a page on another site sent (guards/cross-site.ts; a --cors origin is not one) is
 * answered and not logged. With `explore` (`--explore swap`), a logged search swaps one adjacent
 * pair of its answer with the given probability (explore-swap.ts), and its record says which.
 *
 * `/search/interleaved`, and `/search` with an `interleaving` parameter, search each arm of one of
 * the `interleavings` (`testbed serve --interleave FILE`) the normal way and answer the arms' lists
 * merged, each hit with its team (serving/interleavings/interleaved-search.ts); the log record
 * carries the teams, so the log alone can credit the clicks. Interleaved lists are not explored:
 * their order is already the experiment.
 */
export function searchRoutes(
  catalog: IndexCatalog,
  search: Pick<IndexSearch, 'searchJson'>,
  allowedRemoteOrigins: RemoteAllowList = [],
  queryLog?: QueryLog,
  corsOrigins: readonly string[] = [],
  explore?: ExploreOptions,
  interleavings?: readonly Interleaving[],
): Hono {
  const app = new Hono();
  const cors = corsOriginSet(corsOrigins);
  // A search's checks, on this thread before a worker sees it: a pipeline naming an origin not
  // allowed (remote-check.ts), a missing or unreadable index, and an index still embedding (a 503
  // with the progress for a search that needs vectors).
  const check = (index: string, req: SearchRequest) => {
    checkServedPipeline(req.pipeline, allowedRemoteOrigins);
    const { meta } = catalog.indexes.searchable(index);
    checkVectorsReady(catalog, index, meta, req.pipeline);
  };
  // The JSON text as the searcher wrote it (a worker's is not parsed and serialised again here;
  // only the log reads it, for the hit ids).
  const searchText = (index: string, req: SearchRequest) =>
    search.searchJson(index, catalog.indexes.searchable(index).file, req).catch((err: unknown) => {
      // A corrupt page met by the search: listed unreadable from now on (until the file changes).
      if (err instanceof UnreadableIndexError) catalog.indexes.markUnreadable(index, err.reason);
      throw err;
    });
  // A page on another site can make a browser search here (a GET needs no preflight): it is
  // answered, but not logged, so no page can skew sampling, click judgements or top queries.
  const logs = (c: Context): QueryLog | undefined => (queryLog && !fromAnotherSite(c, cors) ? queryLog : undefined);
  const run = async (c: Context, pathMode: Mode | undefined, raw: unknown) => {
    if (pathMode === undefined && asksInterleaving(raw)) return runInterleaved(c, raw);
    const { index, ...req } = parseSearchParams(pathMode, raw);
    const clientId = clientIdOf(c);
    check(index, req);
    const queryId = randomUUID();
    const json = await searchText(index, req);
    const log = logs(c);
    let answer = json;
    if (log) {
      // Only a search that is logged is explored: an intervention nobody records teaches nothing.
      const explored = explore ? exploreAnswer(json, queryId, explore) : { json };
      answer = explored.json;
      await log.writeQuery(
        queryRecord(answer, {
          queryId,
          ...(clientId !== undefined && { clientId }),
          at: log.now(),
          ...(explored.exploration && { exploration: explored.exploration }),
        }),
      );
    }
    return c.body(withQueryId(answer, queryId), 200, { 'Content-Type': 'application/json', 'X-Query-Id': queryId });
  };
  const runInterleaved = async (c: Context, raw: unknown) => {
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw))
      throw new InputError('request body must be a JSON object');
    const clientId = clientIdOf(c);
    const queryId = randomUUID();
    const { answer, logged } = await interleavedSearch(interleavings, raw as Record<string, unknown>, queryId, {
      check,
      run: searchText,
    });
    const log = logs(c);
    if (log) {
      const context = { queryId, ...(clientId !== undefined && { clientId }), at: log.now() };
      await log.writeQuery(
        'record' in logged ? interleavedQueryRecord(logged.record, context) : queryRecord(logged.json, context),
      );
    }
    return c.body(JSON.stringify({ query_id: queryId, ...answer }), 200, {
      'Content-Type': 'application/json',
      'X-Query-Id': queryId,
    });
  };
  const body = async (c: Context) => {
    if (!isJsonMediaType(c.req.header('content-type'))) {
      throw new InputError('POST /search expects Content-Type: application/json');
    }
    return readJsonBody(c.req.raw);
  };
  app.get('/', documented(OPS.search), async (c) => run(c, undefined, c.req.query()));
  app.post('/', documented(OPS.searchWithBody), async (c) => run(c, undefined, await body(c)));
  // Before /:mode, which would take "interleaved" for a mode.
  app.get('/interleaved', documented(OPS.searchInterleaved), async (c) => runInterleaved(c, c.req.query()));
  app.post('/interleaved', documented(OPS.searchInterleavedWithBody), async (c) => runInterleaved(c, await body(c)));
  app.get('/:mode', documented(OPS.searchByMode), async (c) => run(c, checkMode(c.req.param('mode')), c.req.query()));
  app.post('/:mode', documented(OPS.searchByModeWithBody), async (c) =>
    run(c, checkMode(c.req.param('mode')), await body(c)),
  );
  app.onError((err, c) => {
    // No worker could answer (the one searching died, and the one it was sent to next): not the request's fault.
    if (err instanceof SearchUnavailableError)
      return (c.header('Retry-After', '1'), jsonError(c, 503, 'unavailable', err.message));
    if (err instanceof EmbeddingInProgressError)
      return (c.header('Retry-After', String(EMBEDDING_RETRY_AFTER_S)), c.json(err.body(), 503));
    // An index's file is named from the data folder in messages (an unreadable one is a 409).
    return errorResponse(err, c, { data: catalog.dataDir });
  });
  return app;
}

/**
 * `json` (a JSON object's text) with `"query_id"` spliced in as its first field: the rest of
 * the text goes out as the searcher wrote it, never parsed and written again.
 */
export function withQueryId(json: string, queryId: string): string {
  const head = `{"query_id":${JSON.stringify(queryId)}`;
  const rest = json.slice(json.indexOf('{') + 1).trimStart();
  return rest.startsWith('}') ? `${head}${rest}` : `${head},${rest}`;
}

function checkMode(mode: string): Mode {
  if ((MODES as readonly string[]).includes(mode)) return mode as Mode;
  throw new InputError(`unknown search mode "${mode}"; expected one of ${MODES.join(', ')}`, { field: 'mode' });
}

/** A GET or POST /search naming an interleaving (`interleaving=NAME`, or `"interleaving"` in the body). */
function asksInterleaving(raw: unknown): boolean {
  return typeof raw === 'object' && raw !== null && !Array.isArray(raw) && 'interleaving' in raw;
}
