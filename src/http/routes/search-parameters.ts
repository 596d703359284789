import { MODE_PARAM, SEARCH_PARAM_NAMES, SEARCH_PARAMS, type ParamSpec } from '../../search/request-params.js';
import { query } from '../openapi/operation-parts.js';

/**
 * The search parameters as OpenAPI query parameters, derived from the one parameter table the
 * handlers parse with (search/request-params.ts): an operation cannot name a parameter the API
 * does not take.
 */
export const searchParameters = SEARCH_PARAM_NAMES.map((name) => {
  const spec: ParamSpec = SEARCH_PARAMS[name];
  return query(name, spec.help, spec.schema, name === 'index' || name === 'q');
});

// The mode row's values; a path segment is never absent, so it has no default.
const { default: _always, ...modeValues } = MODE_PARAM.schema;
export const modeParam = { name: 'mode', in: 'path', required: true, description: MODE_PARAM.help, schema: modeValues };
