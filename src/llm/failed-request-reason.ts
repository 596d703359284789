import type { RemoteError } from '../remote/remote-error.js';

/** A failed request's reason without the caller, which the failed item's line names already. */
export function failedRequestReason(err: RemoteError): string {
  return `${err.endpoint}${err.httpStatus !== undefined ? ` answered ${err.httpStatus}` : ''}: ${err.problem}`;
}
