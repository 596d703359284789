import { defineConfig } from 'vitest/config';
import { sharedTestOptions } from '../../../vitest.shared.js';

// The suite's own worker settings in their shared form (isolate: false), one worker, and two files in a fixed order: the second runs
// in the process the first ran in (test/robustness/shared-worker.test.ts).
const ORDER = ['first-file.fixture.ts', 'second-file.fixture.ts'];
export default defineConfig({
  root: '../../..',
  test: {
    ...sharedTestOptions,
    // What `npm test` runs with (unless TESTBED_ISOLATED_FILES=1), whatever the environment says.
    isolate: false,
    maxWorkers: 1,
    include: ORDER.map((name) => `test/robustness/shared-worker/${name}`),
    sequence: {
      sequencer: class {
        async shard<T>(files: T[]) {
          return files;
        }
        async sort<T extends { moduleId: string }>(files: T[]) {
          const rank = (f: T) => ORDER.findIndex((name) => f.moduleId.endsWith(name));
          return [...files].sort((a, b) => rank(a) - rank(b));
        }
      },
    },
  },
});
