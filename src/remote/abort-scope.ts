import { AsyncLocalStorage } from 'node:async_hooks';

const scope = new AsyncLocalStorage<AbortSignal>();

/**
 * Runs `task` with `signal` as the abort signal of every remote request it makes, however deep
 * (a leg, the query embedder, the reranker): runQuerySet aborts it when its circuit breaker
 * opens, so the requests still waiting for a slot or in flight to a dead engine stop at once
 * instead of each running out its timeout and retries. Carried by async context rather than as
 * a parameter because the requests are made several layers below, behind interfaces (Retriever,
 * Embedder, Reranker) that have no reason to know about query sets.
 */
export function withAbortSignal<T>(signal: AbortSignal, task: () => Promise<T>): Promise<T> {
  return scope.run(signal, task);
}

/** The abort signal of the query set this request belongs to, if it runs inside one. */
export function currentAbortSignal(): AbortSignal | undefined {
  return scope.getStore();
}

/** `promise`, or a rejection with `signal`'s reason as soon as it aborts (a retry's backoff must not outlive the query set). */
export function untilAborted<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return promise;
  signal.throwIfAborted();
  return new Promise<T>((resolve, reject) => {
    const abort = () => reject(signal.reason);
    signal.addEventListener('abort', abort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', abort);
        resolve(value);
      },
      (err: unknown) => {
        signal.removeEventListener('abort', abort);
        reject(err);
      },
    );
  });
}
