import { defineConfig } from 'vitest/config';
import { sharedTestOptions } from './vitest.shared.js';
import { slowTestFiles } from './vitest.slow.config.js';

// `npm test`: everything that needs nothing beside a fresh clone, but for the end-to-end checks
// that take minutes (`npm run test:slow`, vitest.slow.config.ts). The browser tests
// (`npm run test:e2e`) need Chromium and Firefox ESR; the public-collection tests
// (`npm run test:corpora`) need ../shared/corpora; the PostgreSQL tests (`npm run
// test:postgres`) a server. .ci/run runs all five.
export default defineConfig({
  test: {
    ...sharedTestOptions,
    include: ['test/**/*.test.ts'],
    exclude: ['test/e2e/**', 'test/shared-corpora/**', 'test/postgres/**', '**/node_modules/**', ...slowTestFiles],
  },
});
