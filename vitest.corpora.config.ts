import { defineConfig } from 'vitest/config';
import { sharedTestOptions } from './vitest.shared';

// `npm run test:corpora` (scripts/test-corpora.ts): checks against the public collections in
// ../shared/corpora (or TESTBED_SHARED_CORPORA), which sit beside the repository on this
// project's machines but not in a clone; the script skips in one line when they are missing.
export default defineConfig({
  test: { ...sharedTestOptions, isolate: true, include: ['test/shared-corpora/**/*.test.ts'] },
});
