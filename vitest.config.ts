import { defineConfig } from 'vitest/config';
import { sharedTestOptions } from './vitest.shared';

// `npm test`: everything that needs nothing beside a fresh clone. The browser tests
// (`npm run test:e2e`) need Chromium and Firefox ESR; the public-collection tests
// (`npm run test:corpora`) need ../shared/corpora; the PostgreSQL tests (`npm run
// test:postgres`) a server. .ci/run runs all four.
export default defineConfig({
  test: {
    ...sharedTestOptions,
    include: ['test/**/*.test.ts'],
    exclude: ['test/e2e/**', 'test/shared-corpora/**', 'test/postgres/**', '**/node_modules/**'],
  },
});
