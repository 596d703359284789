import type { Mode, SearchRequest } from '../../../src/search/types.js';
import { pipelineForMode } from '../../../src/pipeline/search-spec.js';
import type { ShorthandParams } from '../../../src/pipeline/shorthand.js';

/**
 * A complete SearchRequest with the service's defaults (k 10, chunk level, the default engine
 * and fusion), for tests that call Searcher directly; `params` are the shorthand's flat ones.
 */
export function searchRequest(
  mode: Mode,
  query: string,
  params: Partial<Omit<ShorthandParams, 'mode'>> = {},
): SearchRequest {
  return { query, mode, pipeline: pipelineForMode(mode, { k: 10, level: 'chunk', ...params }) };
}
