import os from 'node:os';
import type { ViteUserConfig } from 'vitest/config';

/** What every vitest configuration of this project shares: timeouts, workers, seeded property tests. */
export const sharedTestOptions = {
  // Budgets on an idle two-core machine; each test file stretches them by the load it starts under.
  testTimeout: 60_000,
  hookTimeout: 120_000,
  // expect.poll waits for something that will happen (a page updating after a POST): vitest's
  // 1 s default made it a timing assertion, and the e2e judging test failed under load when
  // one write took longer. The test's own timeout still bounds a poll that never succeeds.
  expect: { poll: { timeout: 30_000 } },
  // One child process per worker (vitest's default pool, named so it stays so): a test file that
  // holds its event loop stalls only itself. One worker per core: more only thrash, and a starved
  // worker misses the 60 s deadline of vitest's progress reports ("Timeout calling onTaskUpdate",
  // issue 43). Two on the two-core machines this project runs on.
  pool: 'forks',
  // A worker process runs many files in turn rather than one process per file: half the time on
  // a quiet machine and under the documented load (BENCHMARKS.md "Test suite time"); each file
  // still gets fresh copies of the testbed's own modules, environment and working directory
  // (test/helpers/fresh-modules.ts). TESTBED_ISOLATED_FILES=1 gives every file its own process:
  // at load 16-22 shared workers passed every test but missed the 60 s deadline of their
  // progress reports hundreds of times ("Timeout calling onTaskUpdate"), which fails the run.
  // The slow, e2e, PostgreSQL and corpora suites keep one process per file.
  isolate: process.env.TESTBED_ISOLATED_FILES === '1',
  maxWorkers: Math.max(1, os.availableParallelism()),
  minWorkers: 1,
  setupFiles: [
    // First: every later setup file and the test file import src/ afresh.
    'test/helpers/fresh-modules.ts',
    'test/helpers/seed-property-tests.ts',
    'test/helpers/test-cache-home.ts',
    // Stretches these two timeouts by the machine's load (test/helpers/time-budget.ts).
    'test/helpers/load-scaled-timeouts.ts',
    // With TESTBED_REPORT_BLOCKING=FILE, lists the tests that hold their worker's event loop.
    'test/helpers/report-blocking.ts',
    // One turn of the event loop after every test: a file is never one long block (vitest's 60 s).
    'test/helpers/yield-between-tests.ts',
  ],
  globalSetup: ['test/helpers/checkout-untouched.ts'],
} satisfies NonNullable<ViteUserConfig['test']>;
