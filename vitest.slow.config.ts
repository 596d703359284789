import { defineConfig } from 'vitest/config';
import { sharedTestOptions } from './vitest.shared.js';

/**
 * `npm run test:slow`: the end-to-end checks that take minutes, kept out of `npm test` so that
 * stays fast (issue 43) and run by .ci/run right after it: the files that took a minute or more
 * each in a loaded run. Each starts real processes over real indexes, again and again: whole
 * experiments, `node bin/testbed.js` killed or interrupted mid-build or mid-experiment, servers
 * stopped and restarted, tsx children racing on one file. Nothing here needs more than a clone.
 * A file named here that no longer exists fails test/architecture/slow-suite.test.ts.
 */
export const slowTestFiles = [
  // Whole experiments over the demo corpus's 353 queries, tuned, cancelled and resumed.
  'test/experiments/tune-block.test.ts',
  'test/experiments/one-scorer.test.ts',
  'test/http/experiment-jobs.test.ts',
  // A server with worker processes, one killed mid-search.
  'test/http/search-workers.test.ts',
  // `node bin/testbed.js` started, stopped, interrupted or killed for real.
  'test/cli/serve-binary.test.ts',
  'test/cli/serve-jobs.test.ts',
  'test/experiments/http-leg-experiment.test.ts',
  'test/cli/experiment-interrupt.test.ts',
  'test/cli/index-interrupt.test.ts',
  'test/robustness/kill-experiment.test.ts',
  'test/robustness/kill-build.test.ts',
  'test/robustness/kill-query-log.test.ts',
  'test/robustness/swap-while-serving.test.ts',
  'test/http/interrupted-jobs.test.ts',
  // Eight tsx processes appending to one file at once.
  'test/gold/concurrent-additions.test.ts',
];

export default defineConfig({
  test: { ...sharedTestOptions, include: slowTestFiles },
});
