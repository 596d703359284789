import { describe, expect, it } from 'vitest';
import { MAX_ACTION_BUCKETS, MAX_DAY_BUCKETS } from '../../src/traffic/summary-buckets.js';
import { summarizeTraffic } from '../../src/traffic/traffic-summary.js';
import type { Traffic } from '../../src/traffic/types.js';
import { event, search } from './build-traffic.js';

// Issue 40 item 3: the summary's day rows and action names are capped (as Elasticsearch's
// search.max_buckets caps an aggregation), and the answer says what was cut.

const DAY_MS = 24 * 60 * 60 * 1000;
const dayAfter = (start: string, n: number) => new Date(Date.parse(start) + n * DAY_MS).toISOString().slice(0, 10);
const traffic = (t: Partial<Traffic>): Traffic => ({ searches: [], events: [], dropped: [], ...t });

describe('perDay is capped at MAX_DAY_BUCKETS rows', () => {
  it('is 1,000', () => {
    expect(MAX_DAY_BUCKETS).toBe(1000);
  });

  it('clicks dated 0001-01-01 and 9999-12-31 list only the days with traffic, and say the span', () => {
    const summary = summarizeTraffic(
      traffic({
        searches: [
          search('a', 'reset password', { timestamp: '2024-03-01T10:00:00Z' }),
          search('b', 'reset password', { timestamp: '2024-03-03T10:00:00Z' }),
        ],
        events: [
          event('a', 'click', { timestamp: '0001-01-01T00:00:00Z' }),
          event('b', 'click', { timestamp: '9999-12-31T00:00:00Z' }),
        ],
      }),
    );
    expect(summary.perDay).toEqual([
      { day: '0001-01-01', searches: 0, clicks: 1 },
      { day: '2024-03-01', searches: 1, clicks: 0 },
      { day: '2024-03-03', searches: 1, clicks: 0 },
      { day: '9999-12-31', searches: 0, clicks: 1 },
    ]);
    // four days with a search or a click, whatever the span
    expect(summary.daysWithTraffic).toEqual({ count: 4, first: '0001-01-01', last: '9999-12-31' });
    // 0001-01-01 .. 9999-12-31 inclusive: 9,999 years of 365.2425 days on average = 3,652,059 days.
    expect(summary.capped).toEqual([
      {
        field: 'perDay',
        maxBuckets: 1000,
        buckets: 3_652_059,
        message:
          '3652059 days from 0001-01-01 to 9999-12-31, more than 1000: only days with traffic are listed, the latest 4',
      },
    ]);
  });

  it('a span of exactly 1,000 days is listed whole, days without traffic as 0; 1,001 days lists only active days', () => {
    const spanning = (days: number) =>
      summarizeTraffic(
        traffic({
          searches: [
            search('a', 'x', { timestamp: '2020-01-01T00:00:00Z' }),
            search('b', 'x', { timestamp: `${dayAfter('2020-01-01', days - 1)}T00:00:00Z` }),
          ],
        }),
      );
    const full = spanning(1000);
    expect(full.perDay).toHaveLength(1000);
    expect(full.perDay.filter((d) => d.searches > 0).map((d) => d.day)).toEqual(['2020-01-01', '2022-09-26']);
    expect(full.capped).toEqual([]);
    const over = spanning(1001);
    expect(over.perDay.map((d) => d.day)).toEqual(['2020-01-01', '2022-09-27']);
    expect(over.capped.map((c) => [c.field, c.buckets])).toEqual([['perDay', 1001]]);
  });

  it('more than 1,000 days with traffic keeps the latest 1,000 and counts what it left out', () => {
    // 1,200 consecutive days with one search each, and a click on the first two days.
    const searches = Array.from({ length: 1200 }, (_, i) =>
      search(`s${i}`, 'x', { timestamp: `${dayAfter('2020-01-01', i)}T00:00:00Z` }),
    );
    const summary = summarizeTraffic(
      traffic({
        searches,
        events: [event('s0', 'click'), event('s1', 'click')],
        // The span (1,200 days) is over the cap, so no day is filled in.
      }),
    );
    expect(summary.perDay).toHaveLength(1000);
    expect(summary.perDay[0]!.day).toBe(dayAfter('2020-01-01', 200));
    expect(summary.perDay.at(-1)!.day).toBe(dayAfter('2020-01-01', 1199));
    // every day with traffic is counted, those left out of perDay too, from the very first
    expect(summary.daysWithTraffic).toEqual({ count: 1200, first: '2020-01-01', last: dayAfter('2020-01-01', 1199) });
    expect(summary.capped).toEqual([
      {
        field: 'perDay',
        maxBuckets: 1000,
        buckets: 1200,
        message: `1200 days from 2020-01-01 to ${dayAfter('2020-01-01', 1199)}, more than 1000: only days with traffic are listed, the latest 1000; the 200 earlier days with traffic (200 searches, 2 clicks) are left out`,
      },
    ]);
  });
});

describe('eventsByAction is capped at MAX_ACTION_BUCKETS names', () => {
  it('keeps the 100 most frequent (ties by name), in name order, and says how many were left out', () => {
    expect(MAX_ACTION_BUCKETS).toBe(100);
    // 150 names: a000..a149; a000..a009 twice each, the rest once.
    const events = Array.from({ length: 150 }, (_, i) => `a${String(i).padStart(3, '0')}`).flatMap((name, i) =>
      i < 10 ? [event('q', name), event('q', name)] : [event('q', name)],
    );
    const summary = summarizeTraffic(traffic({ events }));
    const names = Object.keys(summary.eventsByAction);
    // The 10 doubled, then the 90 first by name of the 140 seen once: a000..a099.
    expect(names).toEqual(Array.from({ length: 100 }, (_, i) => `a${String(i).padStart(3, '0')}`));
    expect(summary.eventsByAction.a000).toBe(2);
    expect(summary.eventsByAction.a099).toBe(1);
    expect(summary.capped).toEqual([
      {
        field: 'eventsByAction',
        maxBuckets: 100,
        buckets: 150,
        message:
          '150 action names, more than 100: the 100 most frequent are listed; 50 others (50 events) are left out',
      },
    ]);
  });

  it('100 names are not capped', () => {
    const events = Array.from({ length: 100 }, (_, i) => event('q', `n${i}`));
    const summary = summarizeTraffic(traffic({ events }));
    expect(Object.keys(summary.eventsByAction)).toHaveLength(100);
    expect(summary.capped).toEqual([]);
  });
});
