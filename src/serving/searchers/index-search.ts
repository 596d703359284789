import type { SearchRequest, SearchResponse } from '../../search/types.js';
import type { HitIds } from './hit-languages.js';

/** An index by name and the file it is read from: what a server opens at start (OpenIndexes.openAll). */
export interface IndexFile {
  index: string;
  file: string;
}

/**
 * Where the searches of a server run: on its search workers (SearchPool) or on its own thread
 * (InProcessSearch). Either opens each index it is asked about once, where it searches it; the
 * caller has found the index's file first (IndexRegistry.searchable), so a missing or unreadable
 * index is answered before any of these runs.
 */
export interface IndexSearch {
  /** The response to `request` on the index `index` (whose file is `file`), as the JSON text the API sends. */
  searchJson(index: string, file: string, request: SearchRequest): Promise<string>;
  search(index: string, file: string, request: SearchRequest): Promise<SearchResponse>;
  /** The stored language of the hits of `responses` on that index, by hit id (see hitLanguages). */
  hitLanguages(index: string, file: string, responses: readonly HitIds[]): Promise<Map<string, string>>;
}
