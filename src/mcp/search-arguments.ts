import { z } from 'zod/v4';
import { InputError } from '../errors.js';
import { pipelineSpec } from '../pipeline/pipeline-spec.js';
import { shorthandParams } from '../pipeline/shorthand.js';
import { MAX_QUERY_CHARS } from '../schemas/limits.js';
import { SEARCH_PARAMS } from '../search/request-params.js';
import { parseSearchParams } from '../search/search-params.js';
import type { SearchRequest } from '../search/types.js';
import { renamedArgument } from './tool-result.js';

/**
 * A search's arguments, as the search and explain tools take them: the index, the query, then
 * either a shorthand (`mode` and its flat parameters, the rows of pipeline/shorthand-rows.ts) or
 * a `pipeline` (pipeline/pipeline-spec.ts: legs, fusion, rerank, k, level, filter, qlang). Both
 * are the HTTP API's own schemas, so a parameter or leg type added there is added here.
 */
export const searchArguments = {
  index: z.string().min(1).describe(SEARCH_PARAMS.index.help),
  query: z.string().min(1).max(MAX_QUERY_CHARS).describe('the query text'),
  ...shorthandParams.shape,
  pipeline: pipelineSpec
    .optional()
    .describe(
      'a pipeline instead of a mode, as POST /search takes it: named legs, fusion, rerank, k, level, filter, qlang. Beside it only k and level (used when the pipeline leaves them out)',
    ),
};

/** The shorthand parameters that a pipeline has too: given beside one, they fill its own when it leaves them out. */
const SHARED_WITH_PIPELINE = new Set(['k', 'level']);

/**
 * The search request `args` stand for (everything but index, query, mode parameters and pipeline
 * removed by the caller), read by the HTTP API's parser (search/search-params.ts), so a request
 * means and is refused the same over MCP and HTTP. Refusals name the argument as sent: `query`
 * for the API's `q`, `pipeline.legs.0.type` for a pipeline's field.
 */
export function searchRequestOf(args: Record<string, unknown>): SearchRequest & { index: string } {
  const { index, query, pipeline, ...flat } = args;
  if (pipeline === undefined) return parsed({ index, q: query, ...flat }, (field) => field);
  if (typeof pipeline !== 'object' || pipeline === null || Array.isArray(pipeline))
    throw new InputError('a pipeline is an object: legs, fusion, rerank, k, level, filter, qlang', {
      field: 'pipeline',
    });
  const modeParameter = Object.keys(flat).find((name) => !SHARED_WITH_PIPELINE.has(name));
  if (modeParameter)
    throw new InputError('give either a mode and its parameters or a pipeline, not both', { field: modeParameter });
  if (!('legs' in pipeline)) throw new InputError('a pipeline needs legs', { field: 'pipeline.legs' });
  // k and level beside the pipeline count when the pipeline has none of its own.
  const fromBeside = Object.keys(flat).filter((name) => !(name in pipeline));
  const beside = Object.fromEntries(fromBeside.map((name) => [name, flat[name]]));
  return parsed({ index, q: query, ...beside, ...pipeline }, (field) =>
    fromBeside.includes(field.split('.')[0]!) ? field : `pipeline.${field}`,
  );
}

function parsed(
  raw: Record<string, unknown>,
  inPipeline: (field: string) => string,
): SearchRequest & { index: string } {
  try {
    return parseSearchParams(undefined, raw);
  } catch (err) {
    throw renamedArgument(err, (field) => (field === 'q' ? 'query' : field === 'index' ? field : inPipeline(field)));
  }
}
