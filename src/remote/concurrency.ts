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

  async run<T>(task: () => Promise<T>): Promise<T> {
    // A finishing call hands its slot straight to the next waiter, so a caller arriving in
    // between cannot take it too.
    if (this.running >= this.limit) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.running++;
    try {
      return await task();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
    }
  }
}
