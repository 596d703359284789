import type { Level } from '../ranking/hit.js';

/** Enough for any real question; keeps a pasted 100 kB query from becoming a 10k-term OR. */
export const MAX_QUERY_TERMS = 256;

/**
 * Turns free text into an FTS5 MATCH expression that ORs its terms.
 * FTS5's implicit operator is AND, which is wrong for ranked retrieval (one missing word would
 * hide a relevant passage). Each term is a double-quoted string, so FTS5 syntax in user text
 * (quotes, AND/OR/NOT/NEAR, `*`, `^`, `col:`, parentheses) is never parsed as syntax: only runs
 * of letters, digits and combining marks survive. Returns null when no term is left.
 */
export function toMatchExpression(query: string): string | null {
  return termsToMatch(query.normalize('NFKC').toLowerCase().match(/[\p{L}\p{N}\p{M}]+/gu) ?? []);
}

/** Quoted, ORed, de-duplicated terms (already analysed); null when there are none. */
export function termsToMatch(terms: readonly string[]): string | null {
  const unique = [...new Set(terms)].slice(0, MAX_QUERY_TERMS);
  if (unique.length === 0) return null;
  return unique.map((t) => `"${t.replaceAll('"', '""')}"`).join(' OR ');
}

/**
 * The SQL behind FTS5 BM25 search, kept pure so it can be pinned in tests and shown to users
 * (`testbed search --sql`). FTS5's bm25() is lower-is-better; it is negated so every retriever
 * returns higher-is-better scores. Columns are weighted title, text.
 * Ties rank by id descending (SQLite's BINARY collation is byte order: trec_eval's tie-break,
 * as compareHits). At document level a document scores as its best chunk (ties: smallest chunk id).
 * `where`, a compiled filter's condition (store/compile-filter.ts), adds the documents join and
 * that condition; its parameters go between the match expression and the limit:
 * (match expression, ...filter parameters, limit). The filter applies before the limit and,
 * at document level, before each document's best chunk is chosen.
 */
export function bm25Sql(level: Level, weights: { title: number; text: number } = { title: 1, text: 1 }, where?: string): string {
  const filtered = where === undefined ? '' : `\nJOIN documents d ON d.id = c.doc_id\nWHERE ${where}`;
  const scored = `SELECT rowid, -bm25(chunks_fts, ${num(weights.title)}, ${num(weights.text)}) AS score
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

/** Weights are numbers we generate, but never let a NaN or string reach SQL text. */
function num(x: number): string {
  if (!Number.isFinite(x)) throw new RangeError(`column weight must be finite, got ${x}`);
  return String(x);
}
