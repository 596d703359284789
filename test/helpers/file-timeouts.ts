/**
 * Sets the running test file's default test and hook timeouts. Not `vi.setConfig`: the suite
 * can run its files in shared worker processes (`npm test` does: vitest.shared.ts), and vitest
 * 3.2's `vi` keeps the worker state of the first file a process ran, so from the second file
 * on `vi.setConfig` writes to a configuration nobody reads any more and the timeout silently
 * stays at its default. The state the runner reads is the one vitest publishes for the
 * current file. Values last until the next file's setup (load-scaled-timeouts.ts) sets them
 * again from the idle budgets, so nothing carries over from one file to the next.
 */
export function setFileTimeouts(timeouts: { testTimeout?: number; hookTimeout?: number }): void {
  const state = (globalThis as { __vitest_worker__?: { config: { testTimeout: number; hookTimeout: number } } })
    .__vitest_worker__;
  if (!state) throw new Error('setFileTimeouts runs inside a vitest test file only');
  Object.assign(state.config, timeouts);
}
