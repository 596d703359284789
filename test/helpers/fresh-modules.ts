import { vi } from 'vitest';

// The suite's worker processes each run many test files (`isolate: false` in vitest.shared.ts:
// a process per file spent most of `npm test` starting Node and loading zod, hono and
// better-sqlite3 again). What must not carry over from one file to the next is the
// testbed's own module state: a remembered secret, a loaded language detector, an opened
// index, a module another file mocked. Marking every module unevaluated before each file gives
// each file fresh copies of src/ (its transformed code stays cached, so this costs
// milliseconds); packages from node_modules come back from Node's own cache.
vi.resetModules();
