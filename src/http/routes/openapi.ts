import { Hono } from 'hono';
import { openApiDocument } from '../../web/openapi/document.js';

/** GET /openapi.json: the OpenAPI 3.1 description of every route this server answers. */
export function openapiRoutes(): Hono {
  const app = new Hono();
  const document = openApiDocument();
  app.get('/openapi.json', (c) => c.json(document));
  return app;
}
