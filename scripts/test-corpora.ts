/**
 * `npm run test:corpora`: the checks against the public collections, which sit in
 * ../shared/corpora on this project's machines (or wherever TESTBED_SHARED_CORPORA points) but
 * not beside a fresh clone. Without them this says so in one line and exits 0; with them it runs
 * vitest.corpora.config.ts and exits with vitest's code. Extra arguments go to vitest.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { SHARED_CORPORA } from '../test/helpers/shared-corpora.js';

if (!fs.existsSync(SHARED_CORPORA)) {
  console.log(`test:corpora skipped: no ${SHARED_CORPORA} (set TESTBED_SHARED_CORPORA to the collections)`);
  process.exit(0);
}
const vitest = spawn('npx', ['vitest', 'run', '--config', 'vitest.corpora.config.ts', ...process.argv.slice(2)], {
  stdio: 'inherit',
});
vitest.on('close', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
