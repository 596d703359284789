import { Hono } from 'hono';
import type { IndexCatalog } from '../../serving/catalog/index-catalog.js';
import type { QueryLog } from '../../traffic/query-log.js';
import { VERSION } from '../../version.js';
import { documented } from '../openapi/documented.js';
import { SERVICE_OPERATIONS } from './service-operations.js';

/**
 * `GET /health`: 200 while the server answers, whatever state its index files are in. An
 * unreadable file (corrupt, a copy in progress) is counted, not a failure: the other indexes are
 * served, and a probe restarting the server would not mend the file. With a query log
 * (`--log-queries`), `lost_log_writes` counts the searches answered but not logged and the
 * events refused because the log could not be written (a full disk): the server keeps serving,
 * and a monitor watching this number learns the disk needs room.
 */
export function healthRoutes(catalog: IndexCatalog, queryLog?: Pick<QueryLog, 'lostWrites'>): Hono {
  const app = new Hono();
  app.get('/health', documented(SERVICE_OPERATIONS.getHealth), (c) => {
    const indexes = catalog.indexes.list();
    return c.json({
      status: 'ok',
      version: VERSION,
      indexes: indexes.length,
      unreadable: indexes.filter((i) => i.status === 'unreadable').length,
      ...(queryLog && { lost_log_writes: queryLog.lostWrites() }),
    });
  });
  return app;
}
