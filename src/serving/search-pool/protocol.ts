import { UnreadableIndexError } from '../catalog/index-status.js';
import {
  ConflictError,
  InputError,
  NotFoundError,
  TestbedError,
  UnavailableError,
  type Location,
} from '../../errors.js';
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

/** An error thrown in a worker, as the fields that rebuild it on the main thread. */
export type ErrorData =
  | { kind: 'input'; detail: string; where: Location }
  | { kind: 'unreadable'; index: string; reason: string }
  | { kind: 'testbed'; name: string; code: string; status: TestbedError['status']; message: string }
  | { kind: 'internal'; message: string; stack?: string };

export function errorData(err: unknown): ErrorData {
  if (err instanceof InputError) return { kind: 'input', detail: err.detail, where: { ...err.where } };
  if (err instanceof UnreadableIndexError) return { kind: 'unreadable', index: err.index, reason: err.reason };
  if (err instanceof TestbedError)
    return { kind: 'testbed', name: err.name, code: err.code, status: err.status, message: err.message };
  const e = err instanceof Error ? err : new Error(String(err));
  return { kind: 'internal', message: e.message, ...(e.stack !== undefined && { stack: e.stack }) };
}

const BY_NAME: Record<string, (message: string) => TestbedError> = {
  NotFoundError: (m) => new NotFoundError(m),
  ConflictError: (m) => new ConflictError(m),
  UnavailableError: (m) => new UnavailableError(m),
};

/**
 * The error again, as the main thread throws it: the same class for ours (so the HTTP answer,
 * status, code and message, is the one an in-process search gives), a plain Error otherwise
 * (a 500 whose detail is logged, never sent).
 */
export function reviveError(data: ErrorData, worker: number): Error {
  switch (data.kind) {
    case 'input':
      return new InputError(data.detail, data.where);
    case 'unreadable':
      return new UnreadableIndexError(data.index, data.reason);
    case 'testbed':
      return BY_NAME[data.name]?.(data.message) ?? new WorkerTestbedError(data);
    case 'internal': {
      const err = new Error(`search worker ${worker}: ${data.message}`);
      if (data.stack) err.stack = `search worker ${worker}: ${data.stack}`;
      return err;
    }
  }
}

/** One of our errors of a class the table above does not name: status, code and message kept. */
class WorkerTestbedError extends TestbedError {
  readonly code: string;
  readonly status: TestbedError['status'];
  constructor(data: Extract<ErrorData, { kind: 'testbed' }>) {
    super(data.message);
    this.code = data.code;
    this.status = data.status;
    this.name = data.name;
  }
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
