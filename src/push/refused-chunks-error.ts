import { RemoteError, type RemoteCaller } from '../remote/remote-error.js';

/**
 * An engine refused some chunks of a batch and took the others: `acknowledged` is how many of
 * that batch it took, so pushIndex can say exactly how many chunks of the whole push the engine
 * holds ("indexed N of M") rather than counting only the batches before the failed one.
 */
export class RefusedChunksError extends RemoteError {
  constructor(
    caller: RemoteCaller,
    endpoint: string,
    problem: string,
    httpStatus: number | undefined,
    readonly acknowledged: number,
  ) {
    super(caller, endpoint, problem, httpStatus);
    this.name = 'RefusedChunksError';
  }
}
