import path from 'node:path';

// Tests share one cache home inside the repository's ignored test/.tmp, not the user's
// ~/.cache: a test run neither reads vectors a user's own runs left nor leaves its own behind.
// A test that checks the cache home itself sets TESTBED_HOME on its own.
process.env.TESTBED_HOME ??= path.resolve(import.meta.dirname, '../.tmp/cache-home');
