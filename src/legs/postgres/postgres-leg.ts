import { InputError } from '../../errors.js';
import { REMOTE_DEFAULTS } from '../../remote/remote-client.js';
import { resolvePostgresUrl, shownPostgresUrl } from '../../remote/postgres-url.js';
import type { Retriever } from '../../retrievers/types.js';
import { remoteHits, type IndexIds, type RawRemoteHit } from '../remote/remote-hits.js';
import { postgresError } from './postgres-errors.js';
import { POSTGRES_LEG_DEFAULTS, type PostgresLeg } from './postgres-leg-spec.js';
import { postgresPool, type PostgresPool } from './postgres-pools.js';
import { postgresSearchSql, quoteIdent, quoteTable } from './postgres-search-sql.js';

export interface PostgresLegParts {
  /** The index the pipeline runs over: every returned id is checked against it. */
  index: IndexIds;
  /** The check of the table and configuration, run once per open index (LegContext.memo). */
  once<T>(key: string, make: () => Promise<T>): Promise<T>;
}

/** The leg's view of its database's pool (postgres-pools.ts), the URL's secrets read from the environment. */
function poolOf(leg: PostgresLeg): PostgresPool {
  return postgresPool({
    url: resolvePostgresUrl(leg.url, `leg "${leg.name}"`),
    concurrency: leg.concurrency ?? REMOTE_DEFAULTS.concurrency,
    timeoutMs: leg.timeout_ms ?? REMOTE_DEFAULTS.timeoutMs,
  });
}

/**
 * A PostgreSQL full-text leg: per query, one parameterized statement (postgres-search-sql.ts)
 * through the leg's pool, its rows read as our hits (remote-hits.ts: ids checked against the
 * index, the local filter applied again, our tie-break). Before the first query the leg checks,
 * once, that the server answers, the configuration exists and the table has the columns it
 * reads, so a wrong URL, table or config fails before an experiment starts, in one line. The
 * timing is `remote`: the statement's round trip.
 */
export async function createPostgresLeg(leg: PostgresLeg, parts: PostgresLegParts): Promise<Retriever> {
  const what = `leg "${leg.name}"`;
  const endpoint = `SQL ${shownPostgresUrl(leg.url)}`;
  const timeoutMs = leg.timeout_ms ?? REMOTE_DEFAULTS.timeoutMs;
  const tsvColumn = leg.tsv_column ?? POSTGRES_LEG_DEFAULTS.tsvColumn;
  const where = { table: leg.table, config: leg.config, timeoutMs };
  const pool = poolOf(leg);
  await parts.once(`postgres-check:${JSON.stringify([leg.url, leg.table, leg.config, tsvColumn])}`, async () => {
    try {
      await pool.query({ text: 'SELECT $1::regconfig', values: [leg.config] });
      await pool.query(
        `SELECT id, doc_id, lang, metadata, ${quoteIdent(tsvColumn)} FROM ${quoteTable(leg.table)} LIMIT 0`,
      );
    } catch (err) {
      throw postgresError(err, { what }, endpoint, where);
    }
  });

  return {
    name: leg.name,
    async search(query, { k, level, filter, queryId }) {
      const caller = { what, ...(queryId !== undefined && { queryId }) };
      // PostgreSQL text cannot hold U+0000: the query is refused here, as the request's fault, not sent.
      if (query.includes('\0'))
        throw new InputError(
          `${what}${queryId !== undefined ? `, query ${queryId}` : ''}: the query holds a NUL character (U+0000), which PostgreSQL text cannot hold`,
        );
      const statement = postgresSearchSql({
        table: leg.table,
        tsvColumn,
        config: leg.config,
        match: leg.match,
        normalization: leg.normalization,
        query,
        k,
        level,
        ...(filter && { filter: filter.spec }),
      });
      const t0 = performance.now();
      let rows: { id: string; doc_id: string; score: number }[];
      try {
        rows = (await pool.query<{ id: string; doc_id: string; score: number }>(statement)).rows;
      } catch (err) {
        throw postgresError(err, caller, endpoint, where);
      }
      const ms = performance.now() - t0;
      const raw: RawRemoteHit[] = rows.map((r) => ({ docId: r.doc_id, chunkId: r.id, score: Number(r.score) }));
      const result = remoteHits(raw, { caller, endpoint, index: parts.index, level, k, ...(filter && { filter }), ms });
      return { hits: result.hits, timings: result.timings };
    },
  };
}
