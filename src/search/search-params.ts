import { legDefinition } from '../legs/registry.js';
import { checkIndexName } from '../schemas/index-names.js';
import { InputError } from '../errors.js';
import { MAX_QUERY_CHARS } from '../schemas/limits.js';
import { parseSearchSpec } from '../pipeline/search-spec.js';
import type { Mode } from '../pipeline/shorthand-rows.js';
import type { SearchRequest } from './types.js';

/**
 * Reads one search request from a query string or a JSON body (the same names either way):
 * `index` and `q`, then a pipeline or a shorthand (pipeline/search-spec.ts). `pathMode` is the
 * mode of `/search/:mode`. Unknown parameters are refused alike on GET and POST. Run-file legs
 * are for query sets (`testbed retrieve`, experiments), which have query ids; a free-text
 * request has none, and the server reads no file a request names. `checkName` checks the index
 * name (a data folder's, by default; the playground also takes a report's measured index).
 */
export function parseSearchParams(
  pathMode: Mode | undefined,
  raw: unknown,
  checkName: (name: string) => string = checkIndexName,
): SearchRequest & { index: string } {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw))
    throw new InputError('request body must be a JSON object');
  const { index, q, ...rest } = raw as Record<string, unknown>;
  if (typeof index !== 'string' || index === '') throw new InputError('index is required', { field: 'index' });
  if (typeof q !== 'string') throw new InputError('q is required', { field: 'q' });
  if (q.trim() === '') throw new InputError('q must not be empty', { field: 'q' });
  if (q.length > MAX_QUERY_CHARS)
    throw new InputError(`q must be at most ${MAX_QUERY_CHARS} characters`, { field: 'q' });
  const { pipeline, mode } = parseSearchSpec(rest, pathMode ? { pathMode } : {});
  const byId = pipeline.legs.findIndex((leg) => legDefinition(leg.type).byQueryId);
  if (byId >= 0)
    throw new InputError(
      `${pipeline.legs[byId]!.type} legs need query ids: use them in \`testbed retrieve\` or an experiment`,
      { field: `legs.${byId}` },
    );
  return { index: checkName(index), query: q, pipeline, ...(mode !== 'pipeline' && { mode }) };
}
