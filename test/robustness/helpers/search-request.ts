import { DEFAULT_FUSION } from '../../../src/fusion/options.js';
import { DEFAULT_ENGINE, type Mode, type SearchRequest } from '../../../src/search/types.js';

/** A complete SearchRequest with the service's defaults, for tests that call Searcher directly. */
export function searchRequest(mode: Mode, query: string, extra: Partial<SearchRequest> = {}): SearchRequest {
  return { mode, query, k: 10, level: 'chunk', engine: DEFAULT_ENGINE, fusion: DEFAULT_FUSION, ...extra };
}
