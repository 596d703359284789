import { Hono } from 'hono';
import type { IndexCatalog } from '../../catalog/index-catalog.js';
import { InputError } from '../../errors.js';
import { MODES, type Mode } from '../../search/types.js';
import { parseSearchParams } from '../search-params.js';

/** GET (query string) and POST (JSON body) /search/:mode, with the same parameters. */
export function searchRoutes(catalog: IndexCatalog): Hono {
  const app = new Hono();
  const run = async (modeParam: string, raw: unknown) => {
    const mode = checkMode(modeParam);
    const { index, ...req } = parseSearchParams(mode, raw);
    return catalog.get(index).search(req);
  };
  app.get('/:mode', async (c) => c.json(await run(c.req.param('mode'), c.req.query())));
  app.post('/:mode', async (c) => {
    if (!(c.req.header('content-type') ?? '').includes('application/json')) {
      throw new InputError('POST /search expects Content-Type: application/json');
    }
    const body = await c.req.json().catch(() => {
      throw new InputError('request body is not valid JSON');
    });
    return c.json(await run(c.req.param('mode'), body));
  });
  return app;
}

function checkMode(mode: string): Mode {
  if ((MODES as readonly string[]).includes(mode)) return mode as Mode;
  throw new InputError(`unknown search mode "${mode}"; expected one of ${MODES.join(', ')}`, { field: 'mode' });
}
