import { setFileTimeouts } from './file-timeouts.js';
import { loadFactor } from './time-budget.js';
import { sharedTestOptions } from '../../vitest.shared.js';

// Every test file's default test and hook timeouts are the idle budgets of vitest.shared.ts,
// stretched by the machine's load as this file starts (time-budget.ts): the same suite passes
// on an idle laptop and on a two-core machine with two busy loops beside it. Setup files run
// again before each test file, so this also undoes what the previous file set for itself.
const factor = loadFactor();
setFileTimeouts({
  testTimeout: Math.round(sharedTestOptions.testTimeout * factor),
  hookTimeout: Math.round(sharedTestOptions.hookTimeout * factor),
});
/** The factor applied, for test/robustness/time-budget.test.ts to check it took effect. */
(globalThis as { testbedTimeoutFactor?: number }).testbedTimeoutFactor = factor;
