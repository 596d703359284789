import { type ErrorData, reviveWorkerError } from '../worker-errors.js';
import type { SharedVectorMatrix } from '../../retrievers/dense.js';
import type { SearchRequest } from '../../search/types.js';
import type { HitIds } from '../searchers/hit-languages.js';
import type { IndexFile } from '../searchers/index-search.js';

/**
 * The messages between the SearchPool (main thread) and its search workers. Only plain data
 * crosses: requests as parsed on the main thread, answers as the JSON text the route sends,
 * errors as the fields that rebuild them, vector tables as shared memory (never copied).
 */

/** What every worker is started with. */
export interface WorkerSetup {
  /** This worker's place in the pool: its query and score room in a shared vector table. */
  slot: number;
  /** Workers in the pool: every shared table has room for this many scans at once. */
  slots: number;
  /** Test and bench hook: each search first keeps the thread busy this long, as a slow search would. */
  busyMs?: number;
  /** Indexes the worker opens for search (OpenIndexes.openAll) before it says it is ready. */
  open?: IndexFile[];
}

/**
 * The answer to a worker asking for an index's vectors: the table another worker already
 * loaded, or `load` it (`shared`: into shared memory for the others too, `own`: for itself only,
 * when the shared load failed or the file changed meanwhile).
 */
export type VectorAnswer = { shared: SharedVectorMatrix } | { load: 'shared' | 'own' };

/** What a worker is asked to do on one index (see IndexSearch); it answers with JSON text. */
export type WorkerTask =
  | { type: 'search'; file: string; index: string; request: SearchRequest }
  /** The hits' languages (hitLanguages), answered as [hit id, language] pairs. */
  | { type: 'languages'; file: string; index: string; responses: HitIds[] };

export type ToWorker = (WorkerTask & { id: number }) | { type: 'vectors'; id: number; answer: VectorAnswer };

export type FromWorker =
  | { type: 'ready' }
  | { type: 'result'; id: number; json: string }
  | { type: 'failed'; id: number; error: ErrorData }
  /** Which table: the index file, and the build in it (see buildId), so no worker scans another build's rows. */
  | { type: 'vectors?'; id: number; file: string; build: string; stamp: string | null }
  /** The table a `load: 'shared'` answer asked for, or null when it could not be loaded. */
  | { type: 'vectors!'; file: string; build: string; shared: SharedVectorMatrix | null };

export { type ErrorData, errorData } from '../worker-errors.js';

/** The error a search worker sent, rebuilt as its class (worker-errors.ts), named by the worker's slot when it is ours to log. */
export function reviveError(data: ErrorData, worker: number): Error {
  return reviveWorkerError(data, `search worker ${worker}`);
}

/**
 * No worker could answer: the one searching died and so did the one it was retried on, or none
 * is running. The route answers 503 with Retry-After: the search itself was not at fault.
 */
export class SearchUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SearchUnavailableError';
  }
}
