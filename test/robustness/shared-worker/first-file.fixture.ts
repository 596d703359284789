import fs from 'node:fs';
import os from 'node:os';
import { expect, it } from 'vitest';
import { rememberSecret, scrubSecrets } from '../../../src/remote/known-secrets.js';
import { setFileTimeouts } from '../../helpers/file-timeouts.js';
import { timeBudget } from '../../helpers/time-budget.js';

// Leaves behind what a test file may leave: a remembered secret (module state of src/), a
// timeout of its own, a variable in the environment and another working directory. The second
// file must see none of them.
it('changes module state and its own timeout', () => {
  rememberSecret('carried-over-secret');
  expect(scrubSecrets('carried-over-secret', {})).toBe('(secret)');
  setFileTimeouts({ testTimeout: timeBudget(90_000) });
  process.env.SHARED_WORKER_LEFT_BEHIND = 'set by the first file';
  process.chdir(os.tmpdir());
  fs.writeFileSync(process.env.SHARED_WORKER_PID_FILE!, String(process.pid));
});
