import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SearchPool } from '../../src/serving/search-pool/search-pool.js';
import { SEARCH_WORKER_NICENESS } from '../../src/serving/search-pool/thread-niceness.js';

/**
 * Issue 24, item 12: the search workers run behind the main thread, so that with every core busy
 * searching the main thread (routing, /health) is still scheduled at once. Read from Linux's
 * /proc/PID/task/TID/stat, whose 19th field is the thread's niceness (proc(5)).
 */
function nicenessByThread(): Map<number, number> {
  const byThread = new Map<number, number>();
  for (const tid of fs.readdirSync(`/proc/${process.pid}/task`)) {
    let stat: string;
    try {
      stat = fs.readFileSync(`/proc/${process.pid}/task/${tid}/stat`, 'utf8');
    } catch {
      continue; // a thread that ended meanwhile
    }
    // Fields after the command name, which is in parentheses and may hold spaces: state is field 3.
    const after = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    byThread.set(Number(tid), Number(after[19 - 3]));
  }
  return byThread;
}

let before: Map<number, number>;
let pool: SearchPool;
beforeAll(async () => {
  before = nicenessByThread();
  pool = await SearchPool.start({ workers: 2 });
});
afterAll(() => pool.close());

describe('search worker niceness', () => {
  it('sits between the main thread (0) and the background jobs (10)', () => {
    expect(SEARCH_WORKER_NICENESS).toBeGreaterThan(0);
    expect(SEARCH_WORKER_NICENESS).toBeLessThan(10);
  });

  it("each of the pool's workers runs at it, the process's own threads at their niceness", () => {
    const after = nicenessByThread();
    const started = [...after].filter(([tid]) => !before.has(tid));
    const niced = started.filter(([, nice]) => nice === SEARCH_WORKER_NICENESS);
    // one thread per worker (a worker's own helper threads, started after it, would inherit it)
    expect(niced.length).toBeGreaterThanOrEqual(2);
    // the threads that were there before, the process's main thread among them, are untouched
    expect(after.get(process.pid)).toBe(before.get(process.pid));
    for (const [tid, nice] of before) if (after.has(tid)) expect(after.get(tid), `thread ${tid}`).toBe(nice);
  });
});
