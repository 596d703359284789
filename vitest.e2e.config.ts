import { defineConfig } from 'vitest/config';
import { sharedTestOptions } from './vitest.shared';

// `npm run test:e2e`: the pages driven in Debian's Chromium and Firefox ESR.
export default defineConfig({
  test: { ...sharedTestOptions, isolate: true, include: ['test/e2e/**/*.test.ts'] },
});
