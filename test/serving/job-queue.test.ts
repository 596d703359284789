import { describe, expect, it } from 'vitest';
import { JobQueue, type QueuedJob } from '../../src/serving/jobs/job-queue.js';

/** A job that runs until finish() is called, and records what happened to it. */
function job(log: string[], name: string) {
  let finish!: () => void;
  const done = new Promise<void>((r) => (finish = r));
  const j: QueuedJob & { finish: () => void } = {
    run: async () => {
      log.push(`run ${name}`);
      await done;
      log.push(`end ${name}`);
    },
    stop: async () => {
      log.push(`stop ${name}`);
      finish();
    },
    finish,
  };
  return j;
}

const tick = () => new Promise((r) => setImmediate(r));

describe('JobQueue', () => {
  it('runs at most maxRunning jobs, the others in the order they came', async () => {
    const log: string[] = [];
    const q = new JobQueue(1);
    const [a, b, c] = ['a', 'b', 'c'].map((n) => job(log, n)) as [
      ReturnType<typeof job>,
      ReturnType<typeof job>,
      ReturnType<typeof job>,
    ];
    q.add(a);
    q.add(b);
    q.add(c);
    expect(log).toEqual(['run a']);
    expect([q.ahead(a), q.ahead(b), q.ahead(c)]).toEqual([undefined, 0, 1]);
    a.finish();
    await tick();
    expect(log).toEqual(['run a', 'end a', 'run b']);
    b.finish();
    await tick();
    c.finish();
    await tick();
    expect(log).toEqual(['run a', 'end a', 'run b', 'end b', 'run c', 'end c']);
  });

  it('runs two at once with maxRunning 2', () => {
    const log: string[] = [];
    const q = new JobQueue(2);
    for (const n of ['a', 'b', 'c']) q.add(job(log, n));
    expect(log).toEqual(['run a', 'run b']);
  });

  it('a withdrawn job never runs; a running one cannot be withdrawn', async () => {
    const log: string[] = [];
    const q = new JobQueue(1);
    const a = job(log, 'a');
    const b = job(log, 'b');
    q.add(a);
    q.add(b);
    expect(q.withdraw(a)).toBe(false);
    expect(q.withdraw(b)).toBe(true);
    a.finish();
    await tick();
    expect(log).toEqual(['run a', 'end a']);
  });

  it('close() stops the running and the waiting jobs, and refuses new ones', async () => {
    const log: string[] = [];
    const q = new JobQueue(1);
    q.add(job(log, 'a'));
    q.add(job(log, 'b'));
    await q.close();
    await tick();
    expect(log.sort()).toEqual(['end a', 'run a', 'stop a', 'stop b']);
    expect(() => q.add(job(log, 'c'))).toThrow(/stopping/);
    expect(q.close()).toBe(q.close());
  });

  it('refuses a limit below one', () => {
    expect(() => new JobQueue(0)).toThrow(RangeError);
  });
});
