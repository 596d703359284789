/**
 * At most `limit` calls in flight; the rest wait their turn in order. A remote engine is
 * measured, not load-tested: an experiment over 10k queries must not open 10k sockets.
 */
export class ConcurrencyLimit {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(readonly limit: number) {
    if (!Number.isInteger(limit) || limit < 1)
      throw new RangeError(`concurrency must be a positive integer, got ${limit}`);
  }

  /** Runs `task` in a slot; with `signal`, a call still waiting when it aborts leaves the queue, rejected with its reason. */
  async run<T>(task: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    signal?.throwIfAborted();
    // A finishing call hands its slot straight to the next waiter, so a caller arriving in
    // between cannot take it too.
    if (this.running >= this.limit) await this.waitTurn(signal);
    else this.running++;
    try {
      return await task();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
    }
  }

  private waitTurn(signal: AbortSignal | undefined): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      const turn = () => {
        signal?.removeEventListener('abort', leave);
        resolve();
      };
      const leave = () => {
        const at = this.waiting.indexOf(turn);
        if (at >= 0) this.waiting.splice(at, 1);
        reject(signal!.reason);
      };
      this.waiting.push(turn);
      signal?.addEventListener('abort', leave, { once: true });
    });
  }
}
