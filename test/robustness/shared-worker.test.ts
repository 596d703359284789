import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runChild } from '../helpers/run-child.js';
import { tmpDir } from '../helpers/tmp.js';

/**
 * `npm test`'s workers run many files each (`isolate: false`,
 * vitest.shared.ts). Two files run in order in one worker with the suite's own settings: the
 * first remembers a secret (state of a src/ module) and sets its own timeout, an environment
 * variable and a working directory; the second must see none of them, and must have run in the
 * same process (else the check proves nothing).
 */
describe('test files sharing a worker process', () => {
  it('each file starts with fresh src/ modules, environment, working directory and default timeouts', async () => {
    const dir = path.resolve(import.meta.dirname, 'shared-worker');
    const pidFile = path.join(tmpDir('shared-worker-'), 'pid');
    const vitest = path.resolve(import.meta.dirname, '../../node_modules/vitest/vitest.mjs');
    const result = await runChild(process.execPath, [vitest, 'run', '--config', 'vitest.config.ts'], {
      cwd: dir,
      env: {
        ...process.env,
        SHARED_WORKER_PID_FILE: pidFile,
        SHARED_WORKER_START_DIR: dir,
        FORCE_COLOR: '0',
        NO_COLOR: '1',
      },
    });
    expect(result.stdout + result.stderr).toMatch(/Tests\s+2 passed \(2\)/);
    expect(result.status).toBe(0);
  });
});
