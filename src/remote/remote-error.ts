import { TestbedError } from '../errors.js';
import { scrubSecrets } from './known-secrets.js';

/** Who asked: a leg, an embedder or a reranker, by name, and the query it was for when there is one. */
export interface RemoteCaller {
  /** e.g. `leg "os"`, `embedder openai:bge-m3`, `reranker "tei"`. */
  what: string;
  queryId?: string;
}

/**
 * A remote engine failed or answered something we cannot read: a 429/5xx after the retries, a
 * timeout, a refused connection, a body that is not JSON or lacks the configured path. The message
 * names the caller, the query id, the endpoint (never a header value) and the HTTP status, so an
 * experiment report can list the failed queries instead of scoring them 0. HTTP callers of our own
 * API see 502: the fault is upstream of us.
 */
export class RemoteError extends TestbedError {
  readonly code = 'remote_failed';
  readonly status = 502;
  /** What went wrong, any known secret cut out. */
  readonly problem: string;
  constructor(
    readonly caller: RemoteCaller,
    readonly endpoint: string,
    problem: string,
    readonly httpStatus?: number,
  ) {
    // Every remote failure passes here, so an upstream echoing a key the process knows (in an
    // error body, in a 200 body a reader quotes) never carries it into a report or a log.
    const shown = scrubSecrets(problem);
    super(
      `${caller.what}${caller.queryId !== undefined ? `, query ${caller.queryId}` : ''}: ${endpoint}${httpStatus !== undefined ? ` answered ${httpStatus}` : ''}: ${shown}`,
    );
    this.problem = shown;
    this.name = 'RemoteError';
  }
}
