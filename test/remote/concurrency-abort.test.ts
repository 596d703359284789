import { describe, expect, it } from 'vitest';
import { untilAborted } from '../../src/remote/abort-scope.js';
import { ConcurrencyLimit } from '../../src/remote/concurrency.js';

/** A task that runs until `release()` is called. */
function held() {
  let release!: () => void;
  const done = new Promise<void>((r) => (release = r));
  return { task: () => done, release };
}

describe('a cancelled call waiting for a slot', () => {
  it('leaves the queue with the signal reason, and the slot goes to the next waiter as before', async () => {
    const limit = new ConcurrencyLimit(1);
    const first = held();
    const order: string[] = [];
    const a = limit.run(async () => {
      await first.task();
      order.push('a');
    });
    const cancel = new AbortController();
    const b = limit.run(async () => void order.push('b'), cancel.signal);
    const c = limit.run(async () => void order.push('c'));
    const reason = new Error('breaker open');
    cancel.abort(reason);
    await expect(b).rejects.toBe(reason);
    first.release();
    await Promise.all([a, c]);
    // b never ran; c took the slot a freed.
    expect(order).toEqual(['a', 'c']);
    // The limit is whole again: one call runs at once, a second waits for it.
    const d = held();
    let ran = false;
    const running = limit.run(d.task);
    const waiting = limit.run(async () => void (ran = true));
    await new Promise((r) => setTimeout(r, 10));
    expect(ran).toBe(false);
    d.release();
    await Promise.all([running, waiting]);
    expect(ran).toBe(true);
  });

  it('is refused at once when the signal has already aborted', async () => {
    const cancel = new AbortController();
    cancel.abort(new Error('already'));
    await expect(new ConcurrencyLimit(2).run(async () => 1, cancel.signal)).rejects.toThrow('already');
  });

  it('untilAborted ends a wait (a retry backoff) when the signal aborts', async () => {
    const cancel = new AbortController();
    // A wait that never ends on its own: only the abort can settle it (else the test times out).
    const wait = untilAborted(new Promise(() => {}), cancel.signal);
    setTimeout(() => cancel.abort(new Error('stop')), 20);
    await expect(wait).rejects.toThrow('stop');
  });
});
