import { describe, expect, it } from 'vitest';
import { RecentCache } from '../../src/store/recent-cache.js';

describe('RecentCache', () => {
  it('makes an entry once, and drops the least recently used beyond its capacity', () => {
    const cache = new RecentCache<string, number>(2);
    let made = 0;
    const get = (key: string) => cache.get(key, () => ++made);
    expect([get('a'), get('b'), get('a')]).toEqual([1, 2, 1]);
    // 'b' is now the least recently used: 'c' pushes it out, 'a' stays.
    expect(get('c')).toBe(3);
    expect(cache.size).toBe(2);
    expect(get('a')).toBe(1);
    expect(get('b')).toBe(4);
  });
});
