import pg from 'pg';
import { afterAll } from 'vitest';
import { closePostgresPools } from '../../src/legs/postgres/postgres-pools.js';
import { PostgresTarget } from '../../src/push/postgres-target.js';
import { pushIndex } from '../../src/push/push-index.js';

/**
 * What the tests under test/postgres share: the server (TESTBED_PG_URL, which
 * vitest.postgres.config.ts requires), a client of the test's own for the reference SQL, tables
 * named per test file and dropped after it, and the reference ranking: every matching row's
 * ts_rank_cd as the server computes it, ordered here by the documented tie-break.
 */
export const PG_URL = process.env.TESTBED_PG_URL!;

/** A table name of this test file's own, so test files running side by side never share one. */
export function tableName(what: string): string {
  return `t_${what}_${process.pid}`;
}

/** A pool of the test's own, closed (with the legs' pools) after the file; `tables` are dropped first. */
export function testDatabase(tables: string[]) {
  const pool = new pg.Pool({ connectionString: PG_URL, max: 2 });
  afterAll(async () => {
    for (const t of tables) await pool.query(`DROP TABLE IF EXISTS "${t}", "${t}__push"`);
    await pool.end();
    await closePostgresPools();
  });
  return {
    pool,
    async rows<T = Record<string, unknown>>(text: string, values: unknown[] = []): Promise<T[]> {
      return (await pool.query({ text, values })).rows as T[];
    },
  };
}

/** Pushes an index file into `table` as `testbed push --to postgres` does. */
export async function pushToPostgres(file: string, table: string, config: string, replace = false) {
  return pushIndex({ file, target: new PostgresTarget(PG_URL, table, config, 30_000), replace });
}

export interface RefHit {
  id: string;
  docId: string;
  score: number;
}

/**
 * The reference: `SELECT id, doc_id, ts_rank_cd(tsv, websearch_to_tsquery(config, query), n)`
 * over every matching row (no ORDER BY, no LIMIT: the server only scores), then, here, score
 * descending and ties by id descending in UTF-8 byte order (ranking/rank.ts, trec_eval's order).
 * At document level each document keeps its best chunk (ties: the smaller chunk id) and is
 * ranked by its document id. `where` restricts the rows (a filter written by hand in SQL).
 */
export async function referenceRanking(
  db: ReturnType<typeof testDatabase>,
  o: {
    table: string;
    config: string;
    query: string;
    normalization: number;
    k: number;
    level: 'chunk' | 'doc';
    where?: string;
    /** The tsquery, as SQL over $1 (the configuration) and $2 (the query): websearch_to_tsquery by default. */
    tsquery?: string;
  },
): Promise<RefHit[]> {
  const tsquery = o.tsquery ?? 'websearch_to_tsquery($1::regconfig, $2)';
  const rows = await db.rows<{ id: string; doc_id: string; score: number }>(
    `SELECT id, doc_id, ts_rank_cd(tsv, ${tsquery}, $3) AS score
     FROM "${o.table}" WHERE tsv @@ ${tsquery}${o.where ? ` AND (${o.where})` : ''}${
       // A tsquery written out does not read the query text; the server still wants $2 typed.
       o.tsquery ? ' AND $2::text IS NOT NULL' : ''
     }`,
    [o.config, o.query, o.normalization],
  );
  let hits = rows.map((r) => ({ id: r.id, docId: r.doc_id, score: r.score }));
  if (o.level === 'doc') {
    const best = new Map<string, RefHit>();
    for (const h of hits) {
      const prev = best.get(h.docId);
      if (!prev || h.score > prev.score || (h.score === prev.score && h.id < prev.id)) best.set(h.docId, h);
    }
    hits = [...best.values()].map((h) => ({ ...h, id: h.docId }));
  }
  return hits.sort((a, b) => b.score - a.score || Buffer.compare(Buffer.from(b.id), Buffer.from(a.id))).slice(0, o.k);
}
