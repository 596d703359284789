import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadFactor, timeBudget } from '../helpers/time-budget.js';

// The suite's timeouts stretch with the machine's load (test/helpers/load-scaled-timeouts.ts):
// the rule that keeps `npm test` green beside two busy loops.
describe('time budgets derived from the load', () => {
  afterEach(() => vi.restoreAllMocks());

  it('on an idle machine, a budget is its idle value', () => {
    vi.spyOn(os, 'loadavg').mockReturnValue([0.3, 0.5, 0.4]);
    vi.spyOn(os, 'availableParallelism').mockReturnValue(2);
    expect(loadFactor()).toBe(1);
    expect(timeBudget(60_000)).toBe(60_000);
  });

  it('at load 14 on two cores, seven times the idle budget (each process gets a seventh of a core)', () => {
    vi.spyOn(os, 'loadavg').mockReturnValue([14, 10, 9]);
    vi.spyOn(os, 'availableParallelism').mockReturnValue(2);
    expect(loadFactor()).toBe(14 / 2);
    expect(timeBudget(60_000)).toBe(420_000);
  });

  it('a load that has just dropped still counts: the larger of the 1- and 5-minute averages', () => {
    vi.spyOn(os, 'loadavg').mockReturnValue([2, 8, 12]);
    vi.spyOn(os, 'availableParallelism').mockReturnValue(2);
    expect(timeBudget(10_000)).toBe(10_000 * (8 / 2));
  });

  it('this file started with its default timeouts stretched by the factor measured as it started', () => {
    const factor = (globalThis as { testbedTimeoutFactor?: number }).testbedTimeoutFactor;
    const config = (globalThis as { __vitest_worker__?: { config: { testTimeout: number; hookTimeout: number } } })
      .__vitest_worker__?.config;
    expect(factor).toBeGreaterThanOrEqual(1);
    expect(config?.testTimeout).toBe(Math.round(60_000 * factor!));
    expect(config?.hookTimeout).toBe(Math.round(120_000 * factor!));
  });

  it('no test sets a timeout of its own that the load would not stretch', () => {
    // A bare number after a test body, in setFileTimeouts, or as a child process or wait `timeout:`
    // is a fixed wall-clock budget; each must go through timeBudget().
    const bare = [
      /^\s*\}, [0-9][0-9_]{3,}\);$/m,
      /setFileTimeouts\(\{[^}]*(testTimeout|hookTimeout): [0-9]/,
      /(?<![\w])timeout: [0-9][0-9_]{3,}[ ,}]/,
      /AbortSignal\.timeout\([0-9]/,
    ];
    // Not budgets: how long a fake server holds its "slow" answer, which a client's timeout must beat.
    const serverDelays = new Set(['llm/fake-chat-server.ts']);
    const root = path.resolve(import.meta.dirname, '..');
    const offenders = (fs.readdirSync(root, { recursive: true }) as string[])
      .filter((f) => f.endsWith('.ts') && !serverDelays.has(f.split(path.sep).join('/')))
      .filter((f) => bare.some((re) => re.test(fs.readFileSync(path.join(root, f), 'utf8'))));
    expect(offenders).toEqual([]);
    // vi.setConfig does not reach a file that is not its worker's first (test/helpers/file-timeouts.ts).
    const setConfigUsers = (fs.readdirSync(root, { recursive: true }) as string[])
      .filter((f) => f.endsWith('.ts') && f !== path.join('robustness', 'time-budget.test.ts'))
      .filter((f) => fs.readFileSync(path.join(root, f), 'utf8').includes('vi.setConfig('));
    expect(setConfigUsers).toEqual([]);
    // the rule itself finds what it is meant to
    expect(bare.some((re) => re.test('  it(...) => {\n  }, 60_000);'))).toBe(true);
  });
});
