import { errorBody } from '../errors.js';
import { componentRef, refTo } from './components.js';

/**
 * The small pieces every route's OpenAPI operation is written with (its answers, parameters and
 * token requirements), so a JSON answer or a path parameter is spelt one way in every route file.
 * They describe HTTP shapes only: the schemas of bodies are the named components (components.ts).
 */
type Json = Record<string, unknown>;

/** An OpenAPI operation as a route declares it beside its handler (documented.ts). */
export type Operation = Json & {
  operationId: string;
  parameters?: Json[];
  requestBody?: { required?: boolean; content: Record<string, Json> };
  responses: Record<string, { description: string; content?: Record<string, Json>; headers?: Json }>;
};

/** A `$ref` to a named component by its name (a request body registered where its route validates it). */
export const ref = componentRef;
export const json = (schema: Json, description: string) => ({
  description,
  content: { 'application/json': { schema } },
});
export const error = (description: string) => json(refTo(errorBody), description);
export const html = (description: string) => ({
  description,
  content: { 'text/html': { schema: { type: 'string' } } },
});
export const text = (type: string, description: string) => ({
  description,
  content: { [type]: { schema: { type: 'string' } } },
});
/** A required JSON body of the given schema. */
export const jsonBody = (schema: Json) => ({ required: true, content: { 'application/json': { schema } } });
export const pathParam = (name: string, description: string, schema: Json = { type: 'string' }) => ({
  name,
  in: 'path',
  required: true,
  description,
  schema,
});
export const query = (name: string, description: string, schema: Json, required = false) => ({
  name,
  in: 'query',
  required,
  description,
  schema,
});

/** State-changing endpoints need the bearer token when the server has one (TESTBED_TOKEN). */
export const tokenNeeded = { security: [{ bearerToken: [] }] };
export const tokenErrors = {
  '401': error('token missing (only when the server has a token)'),
  '403': error('wrong token'),
};
/** The reads that show rankings or judgements: behind the token with --protect-search, as searches are. */
export const rankingReadErrors = {
  '401': error('token missing (only with --protect-search; a browser gets a page saying so)'),
  '403': error('wrong token (only with --protect-search)'),
};
