import { afterEach } from 'vitest';

/**
 * A vitest setup file: after every test, one turn of the worker's event loop. A test whose awaits
 * all resolve at once (wink, the postings engine and better-sqlite3 are synchronous underneath)
 * never lets the loop run, and vitest runs the next test the same way, so a file of such tests
 * holds the loop from its first test to its last. vitest's worker waits 60 s for the reply to
 * each progress report it sends ("onTaskUpdate"), and Node runs expired timers before it reads
 * replies: a file over 60 s fails the run with hundreds of "Timeout calling onTaskUpdate" errors
 * though every test passed. test/retrievers/postings-bm25.test.ts took 63 s under the documented
 * load once a third top-k algorithm joined its equality tests (38 s before), and the CI of
 * d37a6b6 failed so. With this turn, only one test longer than 60 s could do it.
 */
afterEach(() => new Promise<void>((resolve) => setImmediate(resolve)));
