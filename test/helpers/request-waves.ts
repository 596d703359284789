import { vi } from 'vitest';

/**
 * Concurrency tests without a clock (a delay of N ms says nothing on a loaded machine). The
 * fake server holds each request until a full wave is waiting: `limit` requests, or all that are
 * left of `total`. A client that never has `limit` in flight at once gets no answer and the test
 * times out; `waves` counts how many rounds the client needed.
 */
export class WaveGate {
  waves = 0;
  private answered = 0;
  private waiting: (() => void)[] = [];

  constructor(
    private readonly limit: number,
    private readonly total: number,
  ) {}

  /** Awaited by the fake server before it answers a request. */
  readonly hold = (): Promise<void> =>
    new Promise<void>((release) => {
      this.waiting.push(release);
      if (this.waiting.length < Math.min(this.limit, this.total - this.answered)) return;
      this.answered += this.waiting.length;
      this.waves++;
      for (const r of this.waiting) r();
      this.waiting = [];
    });
}

// Taken when the module loads, before any spy: counting twice in one file must not wrap a spy.
const realFetch = globalThis.fetch;

/**
 * Counts this process's fetch calls in flight as the client makes them, so a client that starts
 * more requests than its limit is seen whatever order the sockets reach the server in.
 */
export function countFetches(): { peak: () => number; reset: () => void } {
  let active = 0;
  let peak = 0;
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (...args: Parameters<typeof fetch>) => {
    peak = Math.max(peak, ++active);
    try {
      return await realFetch(...args);
    } finally {
      active--;
    }
  });
  return {
    peak: () => peak,
    reset: () => {
      peak = 0;
    },
  };
}
