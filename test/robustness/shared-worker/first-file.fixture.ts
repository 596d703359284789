import fs from 'node:fs';
import { expect, it } from 'vitest';
import { rememberSecret, scrubSecrets } from '../../../src/remote/known-secrets.js';
import { setFileTimeouts } from '../../helpers/file-timeouts.js';
import { timeBudget } from '../../helpers/time-budget.js';

// Leaves behind what a test file may leave: a remembered secret (module state of src/) and a
// timeout of its own. The second file must see neither.
it('changes module state and its own timeout', () => {
  rememberSecret('carried-over-secret');
  expect(scrubSecrets('carried-over-secret', {})).toBe('(secret)');
  setFileTimeouts({ testTimeout: timeBudget(90_000) });
  fs.writeFileSync(process.env.SHARED_WORKER_PID_FILE!, String(process.pid));
});
