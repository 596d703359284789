import type { ViteUserConfig } from 'vitest/config';

/** What every vitest configuration of this project shares: timeouts, workers, seeded property tests. */
export const sharedTestOptions = {
  // Budgets on an idle two-core machine; each test file stretches them by the load it starts under.
  testTimeout: 60_000,
  hookTimeout: 120_000,
  // expect.poll waits for something that will happen (a page updating after a POST): vitest's
  // 1 s default made it a timing assertion, and the e2e judging test failed under load when
  // one write took longer. The test's own timeout still bounds a poll that never succeeds.
  expect: { poll: { timeout: 30_000 } },
  // Two cores: more workers only thrash.
  maxWorkers: 2,
  setupFiles: [
    'test/helpers/seed-property-tests.ts',
    'test/helpers/test-cache-home.ts',
    // Stretches these two timeouts by the machine's load (test/helpers/time-budget.ts).
    'test/helpers/load-scaled-timeouts.ts',
  ],
  globalSetup: ['test/helpers/checkout-untouched.ts'],
} satisfies NonNullable<ViteUserConfig['test']>;
