import { PostgresPools, type PgPoolLike } from './postgres-pool-registry.js';

export { POSTGRES_POOL_LIMITS, type PostgresPool, type PoolSettings } from './postgres-pool-registry.js';

/** How long an idle connection stays open before the pool closes it. */
const IDLE_MS = 10_000;

/**
 * The process's pools: one per database (host, port, database, user and the rest of the
 * resolved URL), whatever timeout_ms or concurrency each leg asks for, at most
 * POSTGRES_POOL_LIMITS.pools of them (the least recently used ended when another is needed), so
 * connections are bounded by pools x connectionsPerPool whatever requests come in. The pool
 * lets the process exit while its connections are idle (a CLI run ends without a close call),
 * and closePostgresPools() ends them all (the server's close, a test's afterAll). The pg package
 * is loaded here, on the first postgres leg, not when the CLI starts.
 */
const pools = new PostgresPools(async ({ url, max, connectTimeoutMs }) => {
  const { default: pg } = await import('pg');
  const made = new pg.Pool({
    connectionString: url,
    max,
    idleTimeoutMillis: IDLE_MS,
    connectionTimeoutMillis: connectTimeoutMs,
    allowExitOnIdle: true,
    application_name: 'testbed',
  });
  // An idle connection the server drops (a restart) is an event on the pool, not a crash;
  // the next query opens a new one, and its own errors reach the leg.
  made.on('error', () => {});
  return made as unknown as PgPoolLike;
});

/** The pool for `settings.url`, queried at the leg's own timeout and concurrency. */
export const postgresPool = pools.pool.bind(pools);

/** Ends every pool this process opened (waiting for queries in flight); the next leg opens anew. */
export const closePostgresPools = pools.closeAll.bind(pools);
