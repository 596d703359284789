import fs from 'node:fs';
import { vi } from 'vitest';

// `npm test`'s worker processes each run many test files (`isolate: false` in vitest.shared.ts:
// a process per file spends most of the run starting Node and loading zod, hono and
// better-sqlite3 again). With one process per file (TESTBED_ISOLATED_FILES=1, and the slow,
// e2e, PostgreSQL and corpora suites) all of this is already so and costs nothing. What must not carry over from one file to the next is the
// testbed's own module state: a remembered secret, a loaded language detector, an opened
// index, a module another file mocked. Marking every module unevaluated before each file gives
// each file fresh copies of src/ (its transformed code stays cached, so this costs
// milliseconds); packages from node_modules come back from Node's own cache.
vi.resetModules();

// Nor the process's environment and working directory: `serve --cache-dir` run in process sets
// TESTBED_HOME, a test may chdir. Both go back to what they were when the worker started.
interface ProcessStart {
  env: Record<string, string | undefined>;
  cwd: string;
}
const holder = globalThis as { testbedProcessStart?: ProcessStart };
holder.testbedProcessStart ??= { env: { ...process.env }, cwd: process.cwd() };
const start = holder.testbedProcessStart;
for (const name of Object.keys(process.env)) if (!(name in start.env)) delete process.env[name];
for (const [name, value] of Object.entries(start.env)) if (process.env[name] !== value) process.env[name] = value;
if (process.cwd() !== start.cwd) process.chdir(start.cwd);

// With TESTBED_FILE_ORDER=FILE, each worker appends "pid file" as it starts a file: which files
// shared a process before a failure, to replay that order.
const order = process.env.TESTBED_FILE_ORDER;
const current = (globalThis as { __vitest_worker__?: { filepath?: string } }).__vitest_worker__?.filepath;
if (order && current) fs.appendFileSync(order, `${process.pid} ${current}\n`);
