import { defineConfig } from 'vitest/config';
import { sharedTestOptions } from './vitest.shared.js';

/**
 * `npm run test:slow`: the end-to-end checks that take minutes, kept out of `npm test` so that
 * stays fast (issue 43) and run by .ci/run right after it: the files that took a minute or more
 * each in a loaded run, then the slowest of a loaded shared-worker run. Each starts real processes over real indexes, again and again: whole
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
  // `node bin/testbed.js mcp` started by the MCP SDK's client, running and cancelling experiments.
  'test/mcp/mcp-stdio.test.ts',
  'test/mcp/mcp-http-evaluate.test.ts',
  // Eight tsx processes appending to one file at once.
  'test/gold/concurrent-additions.test.ts',
  // The slowest files of a loaded shared-worker run (BENCHMARKS.md, "Test suite time"), 10-40 s
  // each: experiments run end to end, servers fed hundreds to thousands of requests (simulated
  // users, fuzzing, 1,000 distinct parameters with memory bounds), the real use-lite model,
  // tsc compiling a generated client, and corpora of megabytes streamed for memory bounds.
  'test/http/events.test.ts',
  'test/http/distinct-bm25-params.test.ts',
  'test/experiments/pipeline-experiment.test.ts',
  'test/http/interleaving-simulated.test.ts',
  'test/http/traffic-jobs.test.ts',
  'test/http/fuzz-routes.test.ts',
  'test/experiments/engine-leg-experiment.test.ts',
  'test/http/no-absolute-paths.test.ts',
  'test/http/allow-remote.test.ts',
  'test/http/embedding-in-progress.test.ts',
  'test/experiments/runner.test.ts',
  'test/web/measured-index-links.test.ts',
  'test/embedders/use-lite.test.ts',
  'test/traffic/swap-simulated.test.ts',
  'test/http/index-corpus-path.test.ts',
  'test/experiments/rerank-experiment.test.ts',
  'test/http/openapi-typescript-client.test.ts',
  'test/experiments/real-first.test.ts',
  'test/http/experiment-finished-name.test.ts',
  'test/bench/zipf-corpus.test.ts',
  'test/chunking/long-line-memory.test.ts',
  'test/http/pages-no-absolute-paths.test.ts',
  'test/http/experiments.test.ts',
  'test/experiments/corrupt-index-cache.test.ts',
  'test/corpus/long-line-memory.test.ts',
];

// One process per file: these files hold servers, children and megabytes for long, and some
// bound memory growth (distinct-bm25-params), which a worker shared with earlier files blurs.
export default defineConfig({
  test: { ...sharedTestOptions, isolate: true, include: slowTestFiles },
});
