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
  return termsToMatch(plainTerms(query));
}

/** The terms of a query on an index FTS5 tokenizes itself: NFKC, lower case, runs of letters, digits and marks. */
export function plainTerms(query: string): string[] {
  return (
    query
      .normalize('NFKC')
      .toLowerCase()
      .match(/[\p{L}\p{N}\p{M}]+/gu) ?? []
  );
}

/** Quoted, ORed, de-duplicated terms (already analysed); null when there are none. */
export function termsToMatch(terms: readonly string[]): string | null {
  const phrases = queryPhrases(terms);
  return phrases.length === 0 ? null : matchOf(phrases);
}

/** The phrases BM25 searches for: the terms de-duplicated in first-occurrence order, at most MAX_QUERY_TERMS. */
export function queryPhrases(terms: readonly string[]): string[] {
  return [...new Set(terms)].slice(0, MAX_QUERY_TERMS);
}

/** Phrases (each one FTS5 string) quoted and ORed, in the order given. */
export function matchOf(phrases: readonly string[]): string {
  return phrases.map((t) => `"${t.replaceAll('"', '""')}"`).join(' OR ');
}

export interface Bm25SqlOptions {
  /** Column weights of bm25(), title and text. Default 1, 1. */
  weights?: { title: number; text: number };
  /** A compiled filter's condition over chunks c and documents d (store/compile-filter.ts). */
  where?: string;
  /** Only chunks that also match a second expression (the candidates of bm25-top-k.ts). */
  candidates?: boolean;
}

/**
 * The one statement behind FTS5 BM25 search, kept pure so it can be pinned in tests and shown to
 * users (`testbed search --sql`): the `LIMIT` best-scoring chunks matching the expression, as
 * (rowid, score). FTS5's bm25() is lower-is-better; it is negated so every retriever returns
 * higher-is-better scores. Columns are weighted title, text.
 *
 * `ORDER BY score LIMIT ?` lets SQLite keep only the best `LIMIT` rows while FTS5 scores the
 * matches, instead of materialising, joining and sorting every match. Rows that tie at the limit
 * come in no particular order, and rows are not ordered by id: bm25TopK (bm25-top-k.ts) fetches
 * more than it needs, checks the cut, and orders by score descending, then id descending in byte
 * order, itself. The reader maps rowids to chunk and document ids in memory, so no match is
 * joined to the chunks table (whose rows carry the text) unless a filter needs it.
 *
 * Parameters: (match expression, [candidate expression,] ...filter parameters, limit).
 * `candidates` keeps the chunks that match a second expression too (`+rowid IN`, which SQLite
 * checks while FTS5 iterates the first one): bm25() is then evaluated for those chunks only,
 * with the same statistics as for the whole expression, so their scores are unchanged.
 * `where`, a compiled filter's condition, joins chunks and documents inside the limited query,
 * so the filter applies before the limit (CROSS JOIN keeps FTS5 the outer loop).
 */
export function bm25Sql({ weights = { title: 1, text: 1 }, where, candidates = false }: Bm25SqlOptions = {}): string {
  const joins =
    where === undefined
      ? ''
      : '\nCROSS JOIN chunks c ON c.rowid = chunks_fts.rowid\nCROSS JOIN documents d ON d.id = c.doc_id';
  const restrict = candidates
    ? '\n  AND +chunks_fts.rowid IN (SELECT e.rowid FROM chunks_fts AS e WHERE e.chunks_fts MATCH ?)'
    : '';
  const condition = where === undefined ? '' : `\n  AND (${where})`;
  return `SELECT chunks_fts.rowid AS rowid, -bm25(chunks_fts, ${num(weights.title)}, ${num(weights.text)}) AS score
FROM chunks_fts${joins}
WHERE chunks_fts MATCH ?${restrict}${condition}
ORDER BY score DESC
LIMIT ?`;
}

/** Weights are numbers we generate, but never let a NaN or string reach SQL text. */
function num(x: number): string {
  if (!Number.isFinite(x)) throw new RangeError(`column weight must be finite, got ${x}`);
  return String(x);
}
