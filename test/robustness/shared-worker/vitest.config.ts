import { defineConfig } from 'vitest/config';
import { sharedTestOptions } from '../../../vitest.shared.js';

// The suite's own worker settings, one worker, and two files in a fixed order: the second runs
// in the process the first ran in (test/robustness/shared-worker.test.ts).
const ORDER = ['first-file.fixture.ts', 'second-file.fixture.ts'];
export default defineConfig({
  root: '../../..',
  test: {
    ...sharedTestOptions,
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
