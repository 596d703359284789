import type { Hono } from 'hono';
import { generateSpecs } from 'hono-openapi';
import { legTypes } from '../../legs/registry.js';
import { VERSION } from '../../version.js';
import { componentSchemas } from './components.js';

type Json = Record<string, unknown>;

/** The tags the operations are grouped by, in the order the API reference page (/docs) shows them. */
const TAGS = [
  { name: 'search', description: 'searches, and the UBI events (clicks) about their results' },
  { name: 'indexes' },
  { name: 'experiments' },
  { name: 'gold' },
  {
    name: 'traffic',
    description:
      "the server's query log (testbed serve --log-queries DIR): its summary, and query sets and click judgements drawn from it as jobs",
  },
  { name: 'service' },
  { name: 'pages', description: 'HTML pages for people' },
];

/**
 * The OpenAPI 3.1 description of every route `app` answers, the JSON API and the pages,
 * generated from the app's routes by hono-openapi: each route declares its operation where it is
 * registered (documented.ts, the operations beside the handlers in routes/), so a route without
 * one is missing from the document and test/web/openapi.test.ts names it. The named schemas
 * the operations refer to are written in as they stand when the document is made (the leg
 * types and fusion methods registered by then).
 */
export async function openApiDocument(app: Hono): Promise<Json> {
  const generated = await generateSpecs(app, {
    // /openapi.json and the report downloads end in a file name: they are routes all the same.
    excludeStaticFile: false,
    excludeMethods: ['OPTIONS'],
  });
  return {
    openapi: '3.1.0',
    info: {
      title: 'retrieval testbed',
      version: VERSION,
      description:
        `Index a corpus into SQLite FTS5 plus local embeddings, search it with pipelines of legs (${legTypes().join(', ')}) fused N ways (or the bm25, dense and hybrid shorthands), judge results and run experiments. ` +
        'Errors are JSON {"error": {"code", "message"}}. When the server has a token, POST and DELETE need `Authorization: Bearer <token>` (and search too with --protect-search).',
    },
    servers: [{ url: '/' }],
    tags: TAGS,
    paths: generated.paths,
    components: {
      securitySchemes: { bearerToken: { type: 'http', scheme: 'bearer', description: 'TESTBED_TOKEN' } },
      // Generated now: the document is what the registries (leg types, fusion methods) hold when it is made.
      schemas: componentSchemas(),
    },
  };
}
