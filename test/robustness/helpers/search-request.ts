import { DEFAULT_FUSION } from '../../../src/fusion/options.js';
import type { Mode, SearchRequest } from '../../../src/search/types.js';

/** A complete SearchRequest with the service's defaults, for tests that call Searcher directly. */
export function searchRequest(mode: Mode, query: string, extra: Partial<SearchRequest> = {}): SearchRequest {
  return { mode, query, k: 10, level: 'chunk', engine: 'fts5', fusion: DEFAULT_FUSION, ...extra };
}
