import { describe, expect, it } from 'vitest';
import { countQueries } from '../../src/traffic/count-queries.js';
import { queryKey } from '../../src/traffic/query-key.js';
import { search } from './build-traffic.js';

describe('countQueries', () => {
  it('counts searches under their normalised text, showing the most frequent form as typed', () => {
    const counted = countQueries([
      search('1', 'reset password'),
      search('2', 'Reset  Password'),
      search('3', 'Reset Password'),
      search('4', 'Reset Password'),
      search('5', 'install linux'),
    ]);
    expect(counted.searches).toBe(5);
    expect(counted.queries.map((q) => [q.normalized, q.frequency, q.text])).toEqual([
      ['reset password', 4, 'Reset Password'],
      ['install linux', 1, 'install linux'],
    ]);
    expect(counted.queries[0]!.key).toBe(queryKey('reset password'));
  });

  it('breaks a tie between forms by the one seen first', () => {
    const counted = countQueries([
      search('1', 'VPN setup'),
      search('2', 'vpn setup'),
      search('3', 'vpn setup'),
      search('4', 'VPN setup'),
    ]);
    expect(counted.queries[0]!.text).toBe('VPN setup');
  });

  it('orders by frequency, ties by key', () => {
    const texts = ['alpha', 'beta', 'gamma', 'delta'];
    const counted = countQueries([...texts.map((t, i) => search(`a${i}`, t)), search('x', 'gamma')]);
    const rest = ['alpha', 'beta', 'delta'].map(queryKey).sort();
    expect(counted.queries.map((q) => q.key)).toEqual([queryKey('gamma'), ...rest]);
  });

  it('counts zero-hit searches (hit list logged and empty), not searches with no hit list', () => {
    const counted = countQueries([
      search('1', 'kubernetes', { hitIds: [] }),
      search('2', 'kubernetes', { hitIds: ['d1'] }),
      search('3', 'kubernetes'),
      search('4', 'kubernetes', { hitIds: [] }),
    ]);
    expect(counted.queries[0]).toMatchObject({ frequency: 4, zeroHits: 2 });
  });

  it('keeps the earliest and latest timestamps, compared as times, not as strings', () => {
    const counted = countQueries([
      search('1', 'q', { timestamp: '2024-03-01T10:00:00Z' }),
      // 09:00 UTC, earlier than the first although it sorts after it as text.
      search('2', 'q', { timestamp: '2024-03-01T10:00:00+01:00' }),
      search('3', 'q', { timestamp: 'not a time' }),
      search('4', 'q', { timestamp: '2024-03-02T08:00:00Z' }),
    ]);
    expect(counted.queries[0]).toMatchObject({
      firstSeen: '2024-03-01T10:00:00+01:00',
      lastSeen: '2024-03-02T08:00:00Z',
    });
  });

  it('masks personal data by default, counting what it masked, and groups the masked texts', () => {
    const counted = countQueries([
      search('1', 'refund for jane@example.com'),
      search('2', 'refund for bob@example.org'),
      search('3', 'order 12345678 late'),
    ]);
    expect(counted.masked).toEqual({ email: 2, phone: 0, number: 1 });
    expect(counted.queries.map((q) => [q.text, q.frequency])).toEqual([
      ['refund for <email>', 2],
      ['order <number> late', 1],
    ]);
  });

  it('keeps personal data when told to', () => {
    const counted = countQueries([search('1', 'refund for jane@example.com')], { keepPii: true });
    expect(counted.masked).toEqual({ email: 0, phone: 0, number: 0 });
    expect(counted.queries[0]!.text).toBe('refund for jane@example.com');
    expect(counted.queries[0]!.key).toBe(queryKey('refund for jane@example.com'));
  });
});
