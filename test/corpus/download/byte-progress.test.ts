import { afterEach, describe, expect, it, vi } from 'vitest';
import { byteProgress, progressText } from '../../../src/corpus/download/byte-progress.js';
import { formatBytes } from '../../../src/corpus/download/format-bytes.js';

afterEach(() => {
  vi.useRealTimers();
});

describe('download progress', () => {
  it('formats bytes in decimal units', () => {
    expect([0, 999, 1000, 2_816_079, 98_765_432, 5_343_728_040].map(formatBytes)).toEqual([
      '0 B',
      '999 B',
      '1.0 kB',
      '2.8 MB',
      '99 MB',
      '5.3 GB',
    ]);
  });

  it('shows bytes, rate and ETA, the rate counting only this run (not resumed bytes)', () => {
    // 40 MB already there, 10 MB more in 5 s: 2 MB/s, 50 MB left -> 25 s.
    expect(progressText('downloading', { done: 50e6, total: 100e6, resumedFrom: 40e6 }, 5)).toBe(
      'downloading [############............] 50 MB / 100 MB  2.0 MB/s  ETA 25s',
    );
    expect(progressText('downloading', { done: 1e6, total: 1e9, resumedFrom: 0 }, 1)).toMatch(
      /1\.0 MB\/s {2}ETA 16m39s$/,
    );
    expect(progressText('downloading', { done: 3e6, total: undefined, resumedFrom: 0 }, 2)).toBe(
      'downloading 3.0 MB  1.5 MB/s',
    );
  });

  it('in a log: one line per further 10%, and nothing twice', () => {
    const lines: string[] = [];
    const draw = byteProgress({ err: (t) => lines.push(t), tty: false });
    for (const done of [0, 5, 10, 15, 55, 56, 100, 100]) draw({ done, total: 100, resumedFrom: 0 });
    expect(lines.map((l) => l.match(/\d+ B \/ 100 B/)?.[0])).toEqual([
      '0 B / 100 B',
      '10 B / 100 B',
      '55 B / 100 B',
      '100 B / 100 B',
    ]);
    expect(lines.every((l) => l.endsWith('\n') && !l.includes('\r'))).toBe(true);
  });

  it('on a terminal: redraws in place at most every 100 ms and ends the line when complete', () => {
    vi.useFakeTimers();
    const out: string[] = [];
    const draw = byteProgress({ err: (t) => out.push(t), tty: true });
    vi.advanceTimersByTime(150);
    draw({ done: 10, total: 100, resumedFrom: 0 });
    draw({ done: 20, total: 100, resumedFrom: 0 }); // too soon: skipped
    vi.advanceTimersByTime(150);
    draw({ done: 30, total: 100, resumedFrom: 0 });
    draw({ done: 100, total: 100, resumedFrom: 0 }); // complete: always drawn
    expect(out).toHaveLength(3);
    expect(out.every((t) => t.startsWith('\r') && t.includes('\x1b[K'))).toBe(true);
    expect(out[1]).toContain('30 B / 100 B');
    expect(out[2]).toMatch(/100 B \/ 100 B .*\n$/);
  });
});
