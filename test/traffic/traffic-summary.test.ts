import { describe, expect, it } from 'vitest';
import { InputError } from '../../src/errors.js';
import { summarizeTraffic } from '../../src/traffic/traffic-summary.js';
import type { LoggedEvent, LoggedSearch, Traffic } from '../../src/traffic/types.js';

const from = { file: 'ubi_queries.jsonl', line: 1 };
const search = (
  queryId: string,
  userQuery: string,
  timestamp: string | undefined,
  hitIds: (string | undefined)[] | undefined,
  clientId?: string,
): LoggedSearch => ({
  queryId,
  userQuery,
  from,
  ...(timestamp !== undefined && { timestamp }),
  ...(hitIds !== undefined && { hitIds }),
  ...(clientId !== undefined && { clientId }),
});
const event = (
  queryId: string,
  action: string,
  ordinal?: number,
  timestamp?: string,
  clientId?: string,
): LoggedEvent => ({
  queryId,
  action,
  from,
  ...(ordinal !== undefined && { ordinal }),
  ...(timestamp !== undefined && { timestamp }),
  ...(clientId !== undefined && { clientId }),
});

const LIST = ['d1', 'd2', 'd3'];
/**
 * Twelve searches on 1, 3 and 4 March 2024 (none on the 2nd), five texts once normalised:
 * "reset password" five times in four spellings (s11 from a click log: no hit list), "invoice
 * pdf" three times (s6's list has a hole at 2), "zzz flux" twice with no hit (s9 is the 4th in
 * UTC though the 5th where it was typed), "qwerty" once with no hit, "export csv" once without a
 * timestamp.
 */
const traffic: Traffic = {
  searches: [
    search('s1', 'Reset password', '2024-03-01T09:00:00Z', LIST, 'a'),
    search('s2', 'reset  password', '2024-03-01T10:00:00Z', LIST, 'b'),
    search('s3', 'RESET PASSWORD', '2024-03-01T23:59:59Z', LIST, 'a'),
    search('s4', 'reset password', '2024-03-03T08:00:00Z', LIST, 'c'),
    search('s5', 'invoice pdf', '2024-03-03T09:00:00Z', ['d4', 'd5'], 'b'),
    search('s6', 'invoice pdf', '2024-03-03T10:00:00Z', ['d4', undefined, 'd6']),
    search('s7', 'Invoice PDF', '2024-03-04T08:00:00Z', ['d4', 'd5']),
    search('s8', 'zzz flux', '2024-03-04T09:00:00Z', []),
    search('s9', 'zzz flux', '2024-03-05T01:00:00+02:00', []),
    search('s10', 'qwerty', '2024-03-04T11:00:00Z', []),
    search('s11', 'reset password', '2024-03-04T12:00:00Z', undefined),
    search('s12', 'export csv', undefined, ['d7']),
  ],
  events: [
    event('s1', 'click', 1), // no timestamp: the day of s1
    event('s2', 'click', 2, '2024-03-01T10:00:05Z'),
    event('s4', 'click', 1, '2024-03-03T08:00:05Z'),
    event('s4', 'click', 1, '2024-03-03T08:00:06Z'), // a double click: one clicked search at 1
    event('s4', 'click', 3, '2024-03-03T08:01:00Z'),
    event('s5', 'click', 2, '2024-03-03T09:00:10Z'),
    event('s5', 'add_to_cart', 2, '2024-03-03T09:00:20Z'),
    event('s7', 'impression', 1, '2024-03-04T08:00:01Z'),
    event('s11', 'click', 1, '2024-03-04T12:00:05Z'),
    event('s12', 'click', 1, '2024-03-04T13:00:00Z'),
    event('ghost', 'click', 1, '2024-03-01T12:00:00Z', 'd'),
  ],
  dropped: [{ reason: 'not JSON', count: 1, examples: ['ubi_queries.jsonl:13'] }],
};

describe('summarizeTraffic', () => {
  const summary = summarizeTraffic(traffic, { maxRank: 4 });

  it('counts searches, distinct normalised queries, clients and events by action', () => {
    expect(summary.searches).toBe(12);
    // reset password, invoice pdf, zzz flux, qwerty, export csv
    expect(summary.distinctQueries).toBe(5);
    // a, b, c from searches; d only from the ghost click
    expect(summary.clients).toBe(4);
    expect(summary.eventsByAction).toEqual({ add_to_cart: 1, click: 9, impression: 1 });
    expect(Object.keys(summary.eventsByAction)).toEqual(['add_to_cart', 'click', 'impression']);
    expect(summary.clicks).toBe(9);
    expect(summary.unmatchedEvents).toBe(1);
    expect(summary.withoutHitList).toBe(1);
    expect(summary.dropped).toEqual(traffic.dropped);
  });

  it('lists every UTC day from the first to the last, the gap day as 0', () => {
    expect(summary.perDay).toEqual([
      // s1 s2 s3; clicks of s1 (its search's day), s2, ghost
      { day: '2024-03-01', searches: 3, clicks: 3 },
      { day: '2024-03-02', searches: 0, clicks: 0 },
      // s4 s5 s6; three clicks on s4, one on s5
      { day: '2024-03-03', searches: 3, clicks: 4 },
      // s7 s8 s9 (23:00 UTC) s10 s11; clicks of s11, s12
      { day: '2024-03-04', searches: 5, clicks: 2 },
    ]);
    expect(summary.undatedSearches).toBe(1);
    // 1, 3 and 4 March have traffic; the empty 2 March is listed but not counted
    expect(summary.daysWithTraffic).toEqual({ count: 3, first: '2024-03-01', last: '2024-03-04' });
    expect(summary.perDay.reduce((n, d) => n + d.searches, 0) + summary.undatedSearches).toBe(summary.searches);
  });

  it('ranks queries by searches, ties by text, shown in their most frequent form', () => {
    expect(summary.topQueries).toEqual([
      // s1 s2 s4 s11 clicked of five; "reset password" typed twice (s4, s11), each other form once
      { query: 'reset password', searches: 5, clickThrough: 4 / 5, zeroHit: 0 },
      // s5 clicked of three ("invoice pdf" twice, "Invoice PDF" once); an impression is no click
      { query: 'invoice pdf', searches: 3, clickThrough: 1 / 3, zeroHit: 0 },
      { query: 'zzz flux', searches: 2, clickThrough: 0, zeroHit: 2 },
      // one search each: by text
      { query: 'export csv', searches: 1, clickThrough: 1, zeroHit: 0 },
      { query: 'qwerty', searches: 1, clickThrough: 0, zeroHit: 1 },
    ]);
    expect(summarizeTraffic(traffic, { top: 2 }).topQueries.map((r) => r.query)).toEqual([
      'reset password',
      'invoice pdf',
    ]);
  });

  it('lists the queries that found nothing, by zero-hit searches', () => {
    expect(summary.zeroHitQueries.map((r) => [r.query, r.zeroHit])).toEqual([
      ['zzz flux', 2],
      ['qwerty', 1],
    ]);
  });

  it('gives click-through by position over searches with a hit list only', () => {
    expect(summary.byPosition).toEqual([
      // shown at 1: s1-s7 and s12 (s8-s10 empty, s11 no list); clicked there: s1, s4 (twice, once), s12
      { ordinal: 1, impressions: 8, clicks: 3, ctr: 3 / 8 },
      // shown at 2: s1-s5, s7 (s6 has a hole); clicked: s2, s5
      { ordinal: 2, impressions: 6, clicks: 2, ctr: 2 / 6 },
      // shown at 3: s1-s4, s6; clicked: s4
      { ordinal: 3, impressions: 5, clicks: 1, ctr: 1 / 5 },
      // no list is that long
      { ordinal: 4, impressions: 0, clicks: 0, ctr: null },
    ]);
    expect(summarizeTraffic(traffic).byPosition).toHaveLength(10);
  });

  it('counts other actions as clicks when told to', () => {
    const wider = summarizeTraffic(traffic, { maxRank: 2, clickActions: ['click', 'add_to_cart'] });
    expect(wider.clicks).toBe(10);
    // s5 was already clicked at 2: the cart at 2 adds no clicked search there
    expect(wider.byPosition[1]).toEqual({ ordinal: 2, impressions: 6, clicks: 2, ctr: 2 / 6 });
    // the impression at 1 on s7 now counts: s7 clicked at 1 too
    const impressions = summarizeTraffic(traffic, { maxRank: 1, clickActions: ['impression'] });
    expect(impressions.byPosition[0]).toEqual({ ordinal: 1, impressions: 8, clicks: 1, ctr: 1 / 8 });
    expect(impressions.topQueries.find((r) => r.query === 'invoice pdf')?.clickThrough).toBe(1 / 3);
  });

  it('summarises an empty log without dividing by zero', () => {
    const empty = summarizeTraffic({ searches: [], events: [], dropped: [] }, { maxRank: 2 });
    expect(empty).toMatchObject({
      searches: 0,
      distinctQueries: 0,
      clients: 0,
      perDay: [],
      daysWithTraffic: null,
      topQueries: [],
    });
    expect(empty.byPosition).toEqual([
      { ordinal: 1, impressions: 0, clicks: 0, ctr: null },
      { ordinal: 2, impressions: 0, clicks: 0, ctr: null },
    ]);
  });

  it('refuses a table size that is not a positive integer, naming the option', () => {
    expect(() => summarizeTraffic(traffic, { top: 0 })).toThrow(InputError);
    expect(() => summarizeTraffic(traffic, { maxRank: 1.5 })).toThrow(/maxRank/);
  });
});
