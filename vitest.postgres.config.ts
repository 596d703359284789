import { defineConfig } from 'vitest/config';
import { sharedTestOptions } from './vitest.shared';

// `npm run test:postgres`: the postgres leg and `push --to postgres` against a real PostgreSQL
// server, named by TESTBED_PG_URL. scripts/with-postgres.sh starts a throwaway one and sets it
// (.ci/run does that); without the variable there is nothing to test against, so say so at once.
if (!process.env.TESTBED_PG_URL) {
  console.error(
    'npm run test:postgres needs TESTBED_PG_URL: start PostgreSQL with scripts/with-postgres.sh npm run test:postgres',
  );
  process.exit(1);
}

export default defineConfig({
  test: { ...sharedTestOptions, isolate: true, include: ['test/postgres/**/*.test.ts'] },
});
