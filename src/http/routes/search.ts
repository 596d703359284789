import { Hono, type Context } from 'hono';
import type { IndexCatalog } from '../../serving/catalog/index-catalog.js';
import { InputError } from '../../errors.js';
import { MODES, type Mode } from '../../search/types.js';
import { parseSearchParams } from '../../search/search-params.js';
import type { RemoteAllowList } from '../../remote/allowed-origins.js';
import { errorResponse, jsonError } from '../errors.js';
import { SearchUnavailableError } from '../../serving/search-pool/search-pool.js';
import type { IndexSearch } from '../../serving/searchers/index-search.js';
import { checkServedPipeline } from '../remote-check.js';

/**
 * GET (query string) and POST (JSON body) `/search`, a pipeline or a shorthand with `mode`, and
 * `/search/:mode`, the shorthands by path: the same parameters everywhere. The search runs in
 * `search` (the server's worker threads, or its own thread without them); the parameters and the
 * index are checked here first, from what the catalog knows (a missing index is a 404, an
 * unreadable one a 409), so a bad request is answered alike, without a trip to a worker and
 * without opening the index. A pipeline naming an endpoint the server was not started to call
 * (--allow-remote) is a 403 before anything runs.
 */
export function searchRoutes(
  catalog: IndexCatalog,
  search: Pick<IndexSearch, 'searchJson'>,
  allowedRemoteOrigins: RemoteAllowList = [],
): Hono {
  const app = new Hono();
  const run = async (c: Context, pathMode: Mode | undefined, raw: unknown) => {
    const { index, ...req } = parseSearchParams(pathMode, raw);
    // On this thread, before a worker sees it (remote-check.ts).
    checkServedPipeline(req.pipeline, allowedRemoteOrigins);
    const { file } = catalog.indexes.searchable(index);
    // The JSON text as the searcher wrote it (a worker's is not parsed and serialised again here).
    return c.body(await search.searchJson(index, file, req), 200, { 'Content-Type': 'application/json' });
  };
  const body = async (c: { req: { header(name: string): string | undefined; json(): Promise<unknown> } }) => {
    if (!(c.req.header('content-type') ?? '').includes('application/json')) {
      throw new InputError('POST /search expects Content-Type: application/json');
    }
    return c.req.json().catch(() => {
      throw new InputError('request body is not valid JSON');
    });
  };
  app.get('/', async (c) => run(c, undefined, c.req.query()));
  app.post('/', async (c) => run(c, undefined, await body(c)));
  app.get('/:mode', async (c) => run(c, checkMode(c.req.param('mode')), c.req.query()));
  app.post('/:mode', async (c) => run(c, checkMode(c.req.param('mode')), await body(c)));
  app.onError((err, c) => {
    // No worker could answer (the one searching died, and the one it was sent to next): not the request's fault.
    if (err instanceof SearchUnavailableError)
      return (c.header('Retry-After', '1'), jsonError(c, 503, 'unavailable', err.message));
    // An index's file is named from the data folder in messages (an unreadable one is a 409).
    return errorResponse(err, c, { data: catalog.dataDir });
  });
  return app;
}

function checkMode(mode: string): Mode {
  if ((MODES as readonly string[]).includes(mode)) return mode as Mode;
  throw new InputError(`unknown search mode "${mode}"; expected one of ${MODES.join(', ')}`, { field: 'mode' });
}
