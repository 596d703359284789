import { describe, expect, it } from 'vitest';
import { type PgClientLike, type PgPoolLike, PostgresPools } from '../../src/legs/postgres/postgres-pool-registry.js';

/**
 * Issue 40, item 9: one pool per database, whatever timeout_ms and concurrency the legs ask
 * for, at most `pools` of them, the least recently used one ended when another is needed. Fake
 * pools record what the registry does with them (no PostgreSQL needed).
 */
interface FakePool extends PgPoolLike {
  url: string;
  max: number;
  ended: boolean;
  statements: string[];
}

function registry(limits = { pools: 3, connectionsPerPool: 5 }) {
  const made: FakePool[] = [];
  const pools = new PostgresPools(async ({ url, max }) => {
    const pool: FakePool = {
      url,
      max,
      ended: false,
      statements: [],
      async connect(): Promise<PgClientLike> {
        return {
          query: async (s) => {
            pool.statements.push(typeof s === 'string' ? s : s.text);
            return { rows: [] };
          },
          release: () => {},
        };
      },
      async end() {
        pool.ended = true;
      },
    };
    made.push(pool);
    return pool;
  }, limits);
  return { pools, made };
}

describe('PostgreSQL pools', () => {
  it('opens one pool for a database, whatever timeout and concurrency each leg asks', async () => {
    const { pools, made } = registry();
    for (const [timeoutMs, concurrency] of [
      [1000, 1],
      [2000, 2],
      [3000, 3],
      [4000, 4],
      [5000, 8],
    ] as const) {
      await pools.pool({ url: 'postgres://u@db:5432/a', timeoutMs, concurrency }).query('SELECT 1');
    }
    expect(made).toHaveLength(1);
    expect(made[0]!.max).toBe(5);
    // Each leg's statement ran at its own timeout: set on the connection when it changed.
    expect(made[0]!.statements.filter((s) => s.startsWith('SET statement_timeout'))).toEqual([
      'SET statement_timeout = 1000',
      'SET statement_timeout = 2000',
      'SET statement_timeout = 3000',
      'SET statement_timeout = 4000',
      'SET statement_timeout = 5000',
    ]);
  });

  it('keeps at most `pools` open, ending the least recently used', async () => {
    const { pools, made } = registry();
    const use = (db: string) => pools.pool({ url: `postgres://u@db:5432/${db}`, timeoutMs: 1000, concurrency: 2 });
    await use('a').query('SELECT 1');
    await use('b').query('SELECT 1');
    await use('c').query('SELECT 1');
    await use('a').query('SELECT 1'); // a is now the most recently used; b the least
    await use('d').query('SELECT 1');
    await use('e').query('SELECT 1');
    expect(made.map((p) => [p.url.slice(-1), p.ended])).toEqual([
      ['a', false],
      ['b', true],
      ['c', true],
      ['d', false],
      ['e', false],
    ]);
    expect(pools.size).toBe(3);
    // An evicted database is opened anew when used again, evicting the next least recently used (a).
    await use('b').query('SELECT 1');
    expect(made).toHaveLength(6);
    expect(made[0]!.ended).toBe(true);
    await pools.closeAll();
    expect(made.every((p) => p.ended)).toBe(true);
    expect(pools.size).toBe(0);
  });

  it('refuses a timeout or concurrency that is not a positive integer when the leg is made', () => {
    const { pools } = registry();
    expect(() => pools.pool({ url: 'postgres://db/a', timeoutMs: 0, concurrency: 1 })).toThrow(/timeout_ms/);
    expect(() => pools.pool({ url: 'postgres://db/a', timeoutMs: 1000, concurrency: 0 })).toThrow(/concurrency/);
  });
});
