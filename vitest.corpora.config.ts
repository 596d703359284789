import { defineConfig } from 'vitest/config';
import { sharedTestOptions } from './vitest.shared';

// `npm run test:corpora`: checks against the public collections in ../shared/corpora, which
// sit beside the repository on this project's machines but not in a clone.
export default defineConfig({
  test: { ...sharedTestOptions, include: ['test/shared-corpora/**/*.test.ts'] },
});
