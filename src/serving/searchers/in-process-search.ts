import { EmbedderPool } from '../../embedders/embedder-pool.js';
import { Searcher } from '../../search/searcher.js';
import type { SearchRequest, SearchResponse } from '../../search/types.js';
import { type HitIds, hitLanguages } from './hit-languages.js';
import type { IndexFile, IndexSearch } from './index-search.js';
import { OpenIndexes } from './open-indexes.js';
import { corruptionAsUnreadable } from '../catalog/index-status.js';

/**
 * Searches on the calling thread: a server started without search workers (`--workers 0`), and
 * tests. Opens nothing until asked, then each index once (OpenIndexes), with query embedders
 * loaded once for all of them.
 */
export class InProcessSearch implements IndexSearch {
  readonly embedders = new EmbedderPool();
  private readonly indexes = new OpenIndexes((name, file) => new Searcher(name, file, (id) => this.embedders.get(id)));

  /** The index's searcher, opened on first use (see OpenIndexes.get). */
  searcher(index: string, file: string): Searcher {
    return this.indexes.get(index, file);
  }

  /** The response; a corrupt page met on the way is the index being unreadable (a 409). */
  async search(index: string, file: string, request: SearchRequest): Promise<SearchResponse> {
    try {
      return await this.searcher(index, file).search(request);
    } catch (err) {
      throw corruptionAsUnreadable(err, index);
    }
  }

  /** Opens these indexes for search now rather than at their first search (OpenIndexes.openAll). */
  openAll(indexes: readonly IndexFile[]): Promise<void> {
    return this.indexes.openAll(indexes);
  }

  async searchJson(index: string, file: string, request: SearchRequest): Promise<string> {
    return JSON.stringify(await this.search(index, file, request));
  }

  async hitLanguages(index: string, file: string, responses: readonly HitIds[]): Promise<Map<string, string>> {
    try {
      return hitLanguages(this.searcher(index, file), responses);
    } catch (err) {
      throw corruptionAsUnreadable(err, index);
    }
  }

  /** Lets go of a deleted index file (closed once its searches in flight are answered). */
  release(file: string): void {
    this.indexes.release(file);
  }

  async close(): Promise<void> {
    this.indexes.close();
    await this.embedders.close();
  }
}
