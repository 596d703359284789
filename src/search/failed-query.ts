import { RemoteError } from '../remote/remote-error.js';

/** A query a remote leg could not answer: kept and listed, never scored as if it had found nothing. */
export interface FailedQuery {
  queryId: string;
  /** Who failed, as the error names it: `leg "api"`. */
  by: string;
  /** The remote's HTTP status, when it answered. */
  status?: number;
  /** The whole message: the leg, the query, the endpoint (no secrets), the status and the problem. */
  message: string;
}

/**
 * The failure to record for a query whose search threw `err`, or undefined when the error is not
 * one query's (a bad pipeline, an unreadable index, a missing model): those stop the whole run.
 * A remote engine that failed or answered something unusable for this query is the query's.
 */
export function failedQueryOf(queryId: string, err: unknown): FailedQuery | undefined {
  if (!(err instanceof RemoteError)) return undefined;
  return {
    queryId,
    by: err.caller.what,
    ...(err.httpStatus !== undefined && { status: err.httpStatus }),
    message: err.message,
  };
}
