import type { ViteUserConfig } from 'vitest/config';

/** What every vitest configuration of this project shares: timeouts, workers, seeded property tests. */
export const sharedTestOptions = {
  testTimeout: 60_000,
  hookTimeout: 120_000,
  // Two cores: more workers only thrash.
  maxWorkers: 2,
  setupFiles: ['test/helpers/seed-property-tests.ts', 'test/helpers/test-cache-home.ts'],
  globalSetup: ['test/helpers/checkout-untouched.ts'],
} satisfies NonNullable<ViteUserConfig['test']>;
