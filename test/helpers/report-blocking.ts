import fs from 'node:fs';
import { afterEach } from 'vitest';

/**
 * A vitest setup file that finds the tests which hold their worker's event loop: with
 * TESTBED_REPORT_BLOCKING=FILE set, every test whose longest synchronous stretch (spawnSync, a
 * CPU-bound loop, a large better-sqlite3 transaction) reached TESTBED_REPORT_BLOCKING_MS
 * (default 1000) appends one JSON line to FILE. A worker that sends vitest a progress report
 * and then blocks for 60 s misses the reply's deadline and the run fails with
 * `[vitest-worker]: Timeout calling "onTaskUpdate"` (issue 43), and a loaded machine stretches
 * a few seconds of blocking into a minute. Off by default: it only reports, it asserts nothing.
 */
const out = process.env.TESTBED_REPORT_BLOCKING;
/** One ticker per worker process: with shared workers (npm test's default) this file runs again before each test file in one process. */
interface Ticker {
  last: number;
  longest: number;
}
const TICK_MS = 20;
function ticker(): Ticker {
  const holder = globalThis as { testbedBlockingTicker?: Ticker };
  if (holder.testbedBlockingTicker) return holder.testbedBlockingTicker;
  const state = { last: performance.now(), longest: 0 };
  // A tick that comes late by more than its period measures time the loop was held.
  setInterval(() => {
    const now = performance.now();
    state.longest = Math.max(state.longest, now - state.last - TICK_MS);
    state.last = now;
  }, TICK_MS).unref();
  holder.testbedBlockingTicker = state;
  return state;
}
if (out) {
  const threshold = Number(process.env.TESTBED_REPORT_BLOCKING_MS ?? 1000);
  const state = ticker();
  afterEach(({ task }) => {
    // A test that blocked until its very end returns here before the tick can see the stretch.
    state.longest = Math.max(state.longest, performance.now() - state.last - TICK_MS);
    const maxBlockMs = Math.round(state.longest);
    state.longest = 0;
    state.last = performance.now();
    if (maxBlockMs < threshold) return;
    const line = { file: task.file.filepath, test: task.name, maxBlockMs };
    fs.appendFileSync(out, `${JSON.stringify(line)}\n`);
  });
}
