import type { Pool } from 'pg';

/** How long an idle connection stays open before the pool closes it. */
const IDLE_MS = 10_000;

export interface PoolSettings {
  /** The URL with its secrets resolved: a key, never shown. */
  url: string;
  /** Connections at most: the queries a leg has in flight at once. */
  max: number;
  /** statement_timeout and the connection timeout, ms. */
  timeoutMs: number;
}

const pools = new Map<string, Promise<Pool>>();

/**
 * The one pool per (database, size, timeout) for this process, made on first use, so every
 * query of a query set, and every leg naming the same database, shares its connections. The
 * pool lets the process exit while its connections are idle (a CLI run ends without a close
 * call), and closePostgresPools() ends them all (the server's close, a test's afterAll). The pg
 * package is loaded here, on the first postgres leg, not when the CLI starts.
 */
export function postgresPool(settings: PoolSettings): Promise<Pool> {
  const key = JSON.stringify([settings.url, settings.max, settings.timeoutMs]);
  let pool = pools.get(key);
  if (!pool) {
    pool = import('pg').then(({ default: pg }) => {
      const made = new pg.Pool({
        connectionString: settings.url,
        max: settings.max,
        idleTimeoutMillis: IDLE_MS,
        connectionTimeoutMillis: settings.timeoutMs,
        statement_timeout: settings.timeoutMs,
        allowExitOnIdle: true,
        application_name: 'testbed',
      });
      // An idle connection the server drops (a restart) is an event on the pool, not a crash;
      // the next query opens a new one, and its own errors reach the leg.
      made.on('error', () => {});
      return made;
    });
    pools.set(key, pool);
  }
  return pool;
}

/** Ends every pool this process opened (waiting for queries in flight); the next leg opens anew. */
export async function closePostgresPools(): Promise<void> {
  const open = [...pools.values()];
  pools.clear();
  await Promise.all(open.map(async (p) => (await p).end()));
}
