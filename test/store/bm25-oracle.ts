import type Database from 'better-sqlite3';
import type { Level } from '../../src/ranking/hit.js';
import type { ScoredRow } from '../../src/store/bm25-top-k.js';

/**
 * The formulation FTS5 BM25 search ran before issue 14, kept as the oracle the top-k path
 * (store/bm25-top-k.ts) must equal: every match scored by bm25() into a MATERIALIZED CTE, joined
 * to chunks (and documents under a filter), and sorted whole in SQL, score descending then id
 * descending (BINARY: byte order); at document level a window function keeps each document's
 * best chunk (ties: smallest chunk id) before that sort. Also what bench/fts5-latency.ts times
 * as "before".
 */
export function oracleBm25Sql(level: Level, where?: string): string {
  const filtered = where === undefined ? '' : `\nJOIN documents d ON d.id = c.doc_id\nWHERE ${where}`;
  const scored = `SELECT rowid, -bm25(chunks_fts, 1, 1) AS score
    FROM chunks_fts WHERE chunks_fts MATCH ?`;
  if (level === 'chunk') {
    return `WITH m AS MATERIALIZED (${scored})
SELECT c.id AS id, c.doc_id AS docId, c.id AS chunkId, m.score AS score
FROM m JOIN chunks c ON c.rowid = m.rowid${filtered}
ORDER BY m.score DESC, c.id DESC
LIMIT ?`;
  }
  return `WITH m AS MATERIALIZED (${scored}),
best AS (
  SELECT c.doc_id AS docId, c.id AS chunkId, m.score AS score,
         row_number() OVER (PARTITION BY c.doc_id ORDER BY m.score DESC, c.id ASC) AS r
  FROM m JOIN chunks c ON c.rowid = m.rowid${filtered.replaceAll('\n', '\n  ')}
)
SELECT docId AS id, docId, chunkId, score FROM best WHERE r = 1
ORDER BY score DESC, id DESC
LIMIT ?`;
}

/** The oracle over an open index file: (match expression, level, limit, filter SQL). */
export function createOracle(db: Database.Database) {
  const statements = new Map<string, Database.Statement>();
  return (
    match: string,
    level: Level,
    limit: number,
    filter?: { where: string; params: readonly (string | number)[] },
  ): ScoredRow[] => {
    const key = `${level}\n${filter?.where ?? ''}`;
    let stmt = statements.get(key);
    if (!stmt) statements.set(key, (stmt = db.prepare(oracleBm25Sql(level, filter?.where))));
    return stmt.all(match, ...(filter?.params ?? []), limit) as ScoredRow[];
  };
}
