import { ConcurrencyLimit } from '../../remote/concurrency.js';
import { REMOTE_LIMITS } from '../../schemas/defaults.js';

/**
 * How many PostgreSQL connections the process opens at most: `pools` databases at once, each
 * with at most `connectionsPerPool` connections, so 40 in all, well under PostgreSQL's default
 * max_connections of 100 (with its 3 reserved for superusers), whatever the requests ask for.
 */
export const POSTGRES_POOL_LIMITS = Object.freeze({ pools: 4, connectionsPerPool: 10 });

/** What the registry needs of a pg client (pg's PoolClient). */
export interface PgClientLike {
  query(statement: string | { text: string; values?: unknown[] }): Promise<{ rows: unknown[] }>;
  /** With an error, the connection is closed instead of returned to the pool. */
  release(err?: Error | boolean): void;
}

/** What the registry needs of a pg pool (pg's Pool). */
export interface PgPoolLike {
  connect(): Promise<PgClientLike>;
  /** Closes idle connections now and the others when released. */
  end(): Promise<void>;
}

export type MakePgPool = (o: { url: string; max: number; connectTimeoutMs: number }) => Promise<PgPoolLike>;

export interface PoolSettings {
  /** The URL with its secrets resolved: the pool's key, never shown. */
  url: string;
  /** Statements of this leg in flight at once (at most the pool's connections). */
  concurrency: number;
  /** statement_timeout, and how long a connection is waited for, ms. */
  timeoutMs: number;
}

/** A leg's view of its database's pool: its statements run at its own timeout and concurrency. */
export interface PostgresPool {
  query<R = Record<string, unknown>>(statement: string | { text: string; values?: unknown[] }): Promise<{ rows: R[] }>;
  /** A connection of the caller's own (a transaction), its statement_timeout set; the caller releases it. */
  connect(): Promise<PgClientLike>;
}

interface Entry {
  pool: Promise<PgPoolLike>;
  /** One limit per concurrency asked for, shared by every leg that asks the same (as origin-limits.ts). */
  limits: Map<number, ConcurrencyLimit>;
}

/**
 * One pool per database, in least-recently-used order. Keyed by the resolved URL alone, not by
 * timeout or concurrency: before, each distinct pair a request named opened a pool of its own
 * that was never closed, so a few clients could use up the server's connections. The timeout is
 * set on a connection when it is taken for a leg with another one (SET statement_timeout, once
 * per change, not per statement), and the concurrency is a limit in front of the pool. An
 * evicted pool is ended: its idle connections close now, the busy ones when their statement ends.
 */
export class PostgresPools {
  private readonly entries = new Map<string, Entry>();
  private readonly timeouts = new WeakMap<PgClientLike, number>();

  constructor(
    private readonly make: MakePgPool,
    private readonly limits: { pools: number; connectionsPerPool: number } = POSTGRES_POOL_LIMITS,
  ) {}

  pool(settings: PoolSettings): PostgresPool {
    const { url, concurrency, timeoutMs } = settings;
    if (!Number.isInteger(timeoutMs) || timeoutMs < 1)
      throw new RangeError(`timeout_ms must be a positive integer, got ${timeoutMs}`);
    // Refused now, as a RemoteClient does, rather than at the first query.
    new ConcurrencyLimit(concurrency);
    return {
      query: async <R>(statement: string | { text: string; values?: unknown[] }) =>
        this.limitOf(url, concurrency).run(async () => {
          const client = await this.checkout(url, timeoutMs);
          let broken: unknown;
          try {
            return (await client.query(statement)) as { rows: R[] };
          } catch (err) {
            // A failure without a SQLSTATE is the connection's (closed, timed out): not reused.
            broken = hasSqlState(err) ? undefined : err;
            throw err;
          } finally {
            client.release(broken === undefined ? undefined : true);
          }
        }),
      connect: () => this.checkout(url, timeoutMs),
    };
  }

  /** How many pools are open: never more than the limit. */
  get size(): number {
    return this.entries.size;
  }

  /** Ends every pool (waiting for statements in flight); the next leg opens anew. */
  async closeAll(): Promise<void> {
    const open = [...this.entries.values()];
    this.entries.clear();
    await Promise.all(open.map((e) => ended(e)));
  }

  private limitOf(url: string, concurrency: number): ConcurrencyLimit {
    const { limits } = this.entry(url);
    let limit = limits.get(concurrency);
    if (!limit) limits.set(concurrency, (limit = new ConcurrencyLimit(concurrency)));
    return limit;
  }

  /** The entry for `url`, now the most recently used; made (evicting the least recently used) when missing. */
  private entry(url: string): Entry {
    const found = this.entries.get(url);
    if (found) {
      this.entries.delete(url);
      this.entries.set(url, found);
      return found;
    }
    while (this.entries.size >= this.limits.pools) {
      const [oldest, entry] = this.entries.entries().next().value as [string, Entry];
      this.entries.delete(oldest);
      void ended(entry);
    }
    const entry: Entry = {
      pool: this.make({
        url,
        max: this.limits.connectionsPerPool,
        connectTimeoutMs: REMOTE_LIMITS.maxTimeoutMs,
      }),
      limits: new Map(),
    };
    // A pool that could not be made (the pg package missing) is not kept: the next leg tries again.
    entry.pool.catch(() => {
      if (this.entries.get(url) === entry) this.entries.delete(url);
    });
    this.entries.set(url, entry);
    return entry;
  }

  /** A connection within `timeoutMs`, its statement_timeout `timeoutMs`. */
  private async checkout(url: string, timeoutMs: number): Promise<PgClientLike> {
    const pool = await this.entry(url).pool;
    const client = await within(pool.connect(), timeoutMs);
    if (this.timeouts.get(client) !== timeoutMs) {
      try {
        await client.query(`SET statement_timeout = ${timeoutMs}`);
      } catch (err) {
        client.release(true);
        throw err;
      }
      this.timeouts.set(client, timeoutMs);
    }
    return client;
  }
}

async function ended(entry: Entry): Promise<void> {
  try {
    await (await entry.pool).end();
  } catch {
    // A pool that was never made, or already ended: nothing to close.
  }
}

function hasSqlState(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code);
}

/**
 * The connection, or a timeout error after `ms` (the pool's own connection timeout is the
 * largest any leg may ask, so each leg waits its own); one that arrives late goes straight back.
 */
function within(connecting: Promise<PgClientLike>, ms: number): Promise<PgClientLike> {
  return new Promise((resolve, reject) => {
    let late = false;
    const timer = setTimeout(() => {
      late = true;
      reject(new Error(`timeout exceeded when trying to connect (${ms} ms)`));
    }, ms);
    connecting.then(
      (client) => {
        clearTimeout(timer);
        if (late) client.release();
        else resolve(client);
      },
      (err: unknown) => {
        clearTimeout(timer);
        reject(err);
      },
    );
  });
}
