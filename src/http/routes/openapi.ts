import { Hono } from 'hono';
import { etag } from 'hono/etag';
import { jsx } from 'hono/jsx';
import { NotFoundError } from '../../errors.js';
import { docsAsset } from '../../web/api-docs/docs-assets.js';
import { DocsPage } from '../../web/api-docs/docs-page.js';
import { htmlPage } from '../../web/page-response.js';
import { documented } from '../openapi/documented.js';
import { SERVICE_OPERATIONS } from './service-operations.js';

/**
 * GET /openapi.json: the OpenAPI 3.1 description of every route this server answers, generated
 * from the app's routes by `document` on the first request and kept (the leg types and fusion
 * methods it lists are those registered by then); GET /docs: the same as a readable page
 * (Swagger UI), its files under /docs/assets served from here.
 */
export function openapiRoutes(document: () => Promise<Record<string, unknown>>): Hono {
  const app = new Hono();
  let made: Promise<Record<string, unknown>> | undefined;
  app.get('/openapi.json', documented(SERVICE_OPERATIONS.getOpenApiDocument), async (c) => {
    made ??= document();
    return c.json(await made);
  });
  app.get('/docs', documented(SERVICE_OPERATIONS.apiDocsPage), (c) => htmlPage(c, jsx(DocsPage, {})));
  // The bundle is 1.7 MB: an ETag lets a reload revalidate it with a 304 instead of fetching it again.
  app.use('/docs/assets/*', etag());
  app.get('/docs/assets/:name', documented(SERVICE_OPERATIONS.getApiDocsAsset), (c) => {
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
