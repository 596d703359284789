import { Hono } from 'hono';
import type { IndexCatalog } from '../../catalog/index-catalog.js';
import { InputError } from '../../errors.js';
import { MODES, type Mode } from '../../search/types.js';
import { parseSearchParams } from '../../search/search-params.js';
import { errorResponse } from '../errors.js';

/**
 * GET (query string) and POST (JSON body) `/search`, a pipeline or a shorthand with `mode`, and
 * `/search/:mode`, the shorthands by path: the same parameters everywhere.
 */
export function searchRoutes(catalog: IndexCatalog): Hono {
  const app = new Hono();
  const run = async (pathMode: Mode | undefined, raw: unknown) => {
    const { index, ...req } = parseSearchParams(pathMode, raw);
    return catalog.get(index).search(req);
  };
  const body = async (c: { req: { header(name: string): string | undefined; json(): Promise<unknown> } }) => {
    if (!(c.req.header('content-type') ?? '').includes('application/json')) {
      throw new InputError('POST /search expects Content-Type: application/json');
    }
    return c.req.json().catch(() => {
      throw new InputError('request body is not valid JSON');
    });
  };
  app.get('/', async (c) => c.json(await run(undefined, c.req.query())));
  app.post('/', async (c) => c.json(await run(undefined, await body(c))));
  app.get('/:mode', async (c) => c.json(await run(checkMode(c.req.param('mode')), c.req.query())));
  app.post('/:mode', async (c) => c.json(await run(checkMode(c.req.param('mode')), await body(c))));
  // An index's file is named from the data folder in messages (an unreadable one is a 409).
  app.onError((err, c) => errorResponse(err, c, { data: catalog.dataDir }));
  return app;
}

function checkMode(mode: string): Mode {
  if ((MODES as readonly string[]).includes(mode)) return mode as Mode;
  throw new InputError(`unknown search mode "${mode}"; expected one of ${MODES.join(', ')}`, { field: 'mode' });
}
