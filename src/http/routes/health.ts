import { Hono } from 'hono';
import type { IndexCatalog } from '../../serving/catalog/index-catalog.js';
import { VERSION } from '../../version.js';

/**
 * `GET /health`: 200 while the server answers, whatever state its index files are in. An
 * unreadable file (corrupt, a copy in progress) is counted, not a failure: the other indexes are
 * served, and a probe restarting the server would not mend the file.
 */
export function healthRoutes(catalog: IndexCatalog): Hono {
  const app = new Hono();
  app.get('/health', (c) => {
    const indexes = catalog.indexes.list();
    return c.json({
      status: 'ok',
      version: VERSION,
      indexes: indexes.length,
      unreadable: indexes.filter((i) => i.status === 'unreadable').length,
    });
  });
  return app;
}
