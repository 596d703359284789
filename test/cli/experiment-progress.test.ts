import { describe, expect, it } from 'vitest';
import { experimentProgress } from '../../src/cli/experiment-progress.js';

/** A non-terminal io that keeps stderr lines, and a clock the test moves. */
function harness() {
  const lines: string[] = [];
  let ms = 0;
  const report = experimentProgress({ out: () => {}, err: (t) => void lines.push(t.trimEnd()), tty: false }, () => ms);
  return { lines, report, advance: (s: number) => void (ms += s * 1000) };
}

describe('experiment progress on stderr', () => {
  it('shows no time left from the first query alone, whose time includes loading the model', () => {
    const { lines, report, advance } = harness();
    advance(30); // model load before the first query answers
    report({ phase: 'retrieving', cell: 'dense', done: 1, total: 1000 });
    expect(lines).toEqual(['dense: 1/1000 queries']);
  });

  it('estimates from the rate since the first query: 100 queries in 5 s is 20/s, 899 left is 45 s', () => {
    const { lines, report, advance } = harness();
    advance(30);
    report({ phase: 'retrieving', cell: 'bm25', done: 1, total: 1000 });
    advance(5);
    report({ phase: 'retrieving', cell: 'bm25', done: 101, total: 1000 });
    // Counted from the start it would be 899 / (101 / 35) = 312 s.
    expect(lines.at(-1)).toBe(`bm25: 101/1000 queries  ETA ${Math.ceil(899 / 20)}s`);
  });
});
