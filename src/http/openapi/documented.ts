import { describeRoute } from 'hono-openapi';
import type { MiddlewareHandler } from 'hono';
import { OPERATION_EXAMPLES } from '../routes/examples/operation-examples.js';
import { withExample } from '../routes/examples/operation-example.js';
import type { Operation } from './operation-parts.js';

/*
 * Why hono-openapi (rhinobase/hono-openapi) and not Hono's own @hono/zod-openapi: its
 * describeRoute is a middleware on the routes as they are, so the handlers keep their own
 * parsing (with the project's messages and the registries' current schemas), where
 * @hono/zod-openapi asks each route to be rewritten as app.openapi(createRoute(...)) with typed
 * answers a pre-serialised search answer does not fit, needs zod 4 as `zod` (files here still use
 * zod 3's API under that name), and converts schemas with its own zod walker
 * (@asteasolutions/zod-to-openapi), which does not know the registry-backed schemas (leg types,
 * fusion methods: schemas/current-schema.ts, a transform over z.unknown() that only our override
 * of zod's toJSONSchema writes as the schema it checks now). Here every schema is converted by
 * zod's own toJSONSchema with that override (components.ts), as the project's other generated
 * schemas are.
 */

/**
 * The middleware that declares a route's OpenAPI operation where the route is registered
 * (`app.get(path, documented(op), handler)`): hono-openapi reads it off the app's routes when
 * /openapi.json is generated (document.ts), so a route exists in the document exactly when it
 * exists in the app. The operation's example (routes/examples/, by operationId) is written in
 * beside the schemas it exemplifies. It passes every request straight on.
 */
export function documented(op: Operation): MiddlewareHandler {
  return describeRoute(withExample(op, OPERATION_EXAMPLES[op.operationId]) as never);
}
