import { Hono } from 'hono';
import { etag } from 'hono/etag';
import { jsx } from 'hono/jsx';
import { NotFoundError } from '../../errors.js';
import { docsAsset } from '../../web/api-docs/docs-assets.js';
import { DocsPage } from '../../web/api-docs/docs-page.js';
import { openApiDocument } from '../openapi/document.js';
import { htmlPage } from '../../web/page-response.js';

/**
 * GET /openapi.json: the OpenAPI 3.1 description of every route this server answers; GET /docs:
 * the same as a readable page (Swagger UI), its files under /docs/assets served from here.
 */
export function openapiRoutes(): Hono {
  const app = new Hono();
  const document = openApiDocument();
  app.get('/openapi.json', (c) => c.json(document));
  app.get('/docs', (c) => htmlPage(c, jsx(DocsPage, {})));
  // The bundle is 1.7 MB: an ETag lets a reload revalidate it with a 304 instead of fetching it again.
  app.use('/docs/assets/*', etag());
  app.get('/docs/assets/:name', (c) => {
    const asset = docsAsset(c.req.param('name'));
    if (!asset) throw new NotFoundError(`no asset "${c.req.param('name')}"`);
    return c.body(asset.body, 200, {
      'Content-Type': asset.type,
      'Cache-Control': 'no-cache',
      'X-Content-Type-Options': 'nosniff',
    });
  });
  return app;
}
