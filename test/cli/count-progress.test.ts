import { describe, expect, it } from 'vitest';
import type { CliIo } from '../../src/cli/command.js';
import { countProgress } from '../../src/cli/count-progress.js';

function capture(tty: boolean): CliIo & { text(): string } {
  let err = '';
  return { out: () => {}, err: (t) => void (err += t), tty, text: () => err };
}

describe('progress of a push', () => {
  it('in a log: a line each tenth passed, rate and time left once estimable, the last at N/N', () => {
    let t = 0;
    const io = capture(false);
    const draw = countProgress(io, 'pushing', 'chunks', () => t);
    // 1000 chunks in batches of 100, one batch a second.
    for (let done = 100; done <= 1000; done += 100) {
      draw({ done, total: 1000 });
      t += 1000;
    }
    const lines = io.text().trimEnd().split('\n');
    expect(lines).toHaveLength(10);
    expect(lines[0]).toBe('pushing [##......................] 100/1000 chunks');
    // At 300 done, 2 s after the first batch: 200 chunks in 2 s = 100/s; 700 left = 7 s.
    expect(lines[2]).toBe('pushing [#######.................] 300/1000 chunks  100.0/s  ETA 7s');
    expect(lines[9]).toBe('pushing [########################] 1000/1000 chunks  100.0/s  ETA 0s');
  });

  it('on a terminal: redrawn in place, at most every 100 ms, always at the end, then a new line', () => {
    let t = 1000;
    const io = capture(true);
    const draw = countProgress(io, 'pushing', 'chunks', () => t);
    draw({ done: 10, total: 30 });
    t += 50;
    draw({ done: 20, total: 30 }); // 50 ms later: not redrawn
    t += 10;
    draw({ done: 30, total: 30 }); // the end: always drawn
    expect(io.text()).toBe(
      '\rpushing [########................] 10/30 chunks\x1b[K\rpushing [########################] 30/30 chunks\x1b[K\n',
    );
  });
});
