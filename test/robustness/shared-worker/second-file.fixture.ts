import fs from 'node:fs';
import { expect, it } from 'vitest';
import { scrubSecrets } from '../../../src/remote/known-secrets.js';
import { sharedTestOptions } from '../../../vitest.shared.js';

it('runs in the first file’s process with fresh module state, environment, working directory and the default timeout', () => {
  expect(fs.readFileSync(process.env.SHARED_WORKER_PID_FILE!, 'utf8')).toBe(String(process.pid));
  expect(scrubSecrets('carried-over-secret', {})).toBe('carried-over-secret');
  expect(process.env.SHARED_WORKER_LEFT_BEHIND).toBeUndefined();
  expect(process.cwd()).toBe(process.env.SHARED_WORKER_START_DIR);
  const factor = (globalThis as { testbedTimeoutFactor?: number }).testbedTimeoutFactor!;
  const config = (globalThis as { __vitest_worker__?: { config: { testTimeout: number } } }).__vitest_worker__!.config;
  expect(config.testTimeout).toBe(Math.round(sharedTestOptions.testTimeout * factor));
});
