import { describe, expect, it } from 'vitest';
import type { CliIo } from '../../src/cli/command.js';
import { ETA_MIN_ITEMS, ETA_MIN_SECONDS, etaEstimator } from '../../src/indexing/eta.js';
import { progressBar } from '../../src/cli/progress-bar.js';

/** A clock the test moves by hand, in milliseconds. */
function fakeClock(start = 0) {
  let t = start;
  return { now: () => t, advance: (ms: number) => void (t += ms) };
}

/** What a terminal shows last: the text after the final carriage return, escape codes removed. */
function terminal(): CliIo & { shown(): string } {
  let err = '';
  return {
    out: () => {},
    err: (t) => void (err += t),
    tty: true,
    // biome-ignore lint/suspicious/noControlCharactersInRegex: the ANSI erase-line sequence the bar writes
    shown: () => err.slice(err.lastIndexOf('\r') + 1).replace(/\x1b\[K/g, ''),
  };
}

describe('time left of a build', () => {
  it('counts from the first completed item, so model loading is not taken for per-item time', () => {
    const clock = fakeClock();
    const estimate = etaEstimator(clock.now);
    clock.advance(30_000); // reading and loading the model: 30 s before the first batch
    expect(estimate(64, 100_000)).toBeUndefined();
    clock.advance(2_000);
    // 256 more chunks in the 2 s since the first batch: 128 chunks/s, (100000 - 320) / 128 s left.
    // Counted from the start it would be (100000 - 320) / (320 / 32) = 9968 s, 2 h 46 min.
    expect(estimate(320, 100_000)).toEqual({ perSecond: 256 / 2, secondsLeft: (100_000 - 320) / (256 / 2) });
  });

  it(`gives no estimate before ${ETA_MIN_ITEMS} more items and ${ETA_MIN_SECONDS} s since the first`, () => {
    const clock = fakeClock();
    const estimate = etaEstimator(clock.now);
    expect(estimate(0, 1000)).toBeUndefined(); // nothing done yet: not the first completed item
    clock.advance(500);
    expect(estimate(1, 1000)).toBeUndefined(); // the first item: the clock starts here
    clock.advance(60_000);
    expect(estimate(ETA_MIN_ITEMS, 1000)).toBeUndefined(); // a minute, but only MIN_ITEMS - 1 items since
    expect(estimate(1 + ETA_MIN_ITEMS, 1000)?.perSecond).toBe(ETA_MIN_ITEMS / 60);

    const quick = fakeClock();
    const fast = etaEstimator(quick.now);
    fast(1, 1000);
    quick.advance(ETA_MIN_SECONDS * 1000 - 1);
    expect(fast(500, 1000)).toBeUndefined(); // many items, not yet MIN_SECONDS
    quick.advance(1);
    expect(fast(500, 1000)).toEqual({ perSecond: 499 / ETA_MIN_SECONDS, secondsLeft: 500 / (499 / ETA_MIN_SECONDS) });
  });
});

describe('the build progress bar', () => {
  it('shows no rate or ETA after the first batches, then a sensible one', () => {
    const clock = fakeClock();
    const io = terminal();
    const draw = progressBar(io, clock.now);
    clock.advance(30_000); // the model loads before the first batch is embedded
    draw({ phase: 'embedding', done: 64, total: 100_000 });
    expect(io.shown()).toBe(`embedding [${'.'.repeat(24)}] 64/100000 chunks`);
    for (let done = 128; done <= 320; done += 64) {
      clock.advance(500);
      draw({ phase: 'embedding', done, total: 100_000 });
    }
    // 256 chunks in 2 s: 128.0/s; (100000 - 320) / 128 = 778.75 s = 12 min 58 s left
    expect(io.shown()).toBe(`embedding [${'.'.repeat(24)}] 320/100000 chunks  128.0/s  ETA 12m58s`);
  });

  it('redraws at most every 100 ms even when batches come faster', () => {
    const clock = fakeClock(Date.UTC(2026, 0, 1)); // a real clock is far from 0: the first batch draws
    const io = terminal();
    const draw = progressBar(io, clock.now);
    for (let done = 1; done <= 5; done++) {
      clock.advance(40);
      draw({ phase: 'embedding', done, total: 10 });
    }
    // drawn at 40 ms (done 1), then at 160 ms (done 4), the first batch over 100 ms after that
    // draw; 200 ms is 40 ms after it. Throttled from the last batch instead, only done 1 shows.
    const full = Math.round((4 / 10) * 24);
    expect(io.shown()).toBe(`embedding [${'#'.repeat(full)}${'.'.repeat(24 - full)}] 4/10 chunks`);
  });
});
