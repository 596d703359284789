import type { Level } from '../../ranking/hit.js';
import type { FilterSpec } from '../../schemas/filter-spec.js';
import { postgresFilterSql } from './postgres-filter-sql.js';

/** An identifier quoted as PostgreSQL reads it ("..." with " doubled), so its case and any character are kept. */
export function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

/** `schema.table` or `table`, each part quoted. */
export function quoteTable(table: string): string {
  return table.split('.').map(quoteIdent).join('.');
}

export interface PostgresSearch {
  table: string;
  tsvColumn: string;
  config: string;
  /** all: websearch_to_tsquery's search-box syntax (words ANDed); any: the words ORed. */
  match: 'all' | 'any';
  normalization: number;
  query: string;
  k: number;
  /** doc: each document once, by its best chunk, so k rows are k documents. */
  level: Level;
  filter?: FilterSpec;
}

/**
 * The ranking query of the postgres leg: the query text parsed by `websearch_to_tsquery(config,
 * text)` (the syntax of a search box: words ANDed, "quoted phrases", or, -excluded), the rows
 * whose tsvector matches it (`@@`, served by the GIN index), each scored
 * `ts_rank_cd(tsv, query, normalization)` (cover density: how close together the query's terms
 * occur), the k best by score descending, ties by id descending in byte order (COLLATE "C"):
 * our own tie-break (ranking/rank.ts), so a run cut at k holds the rows a local leg would keep.
 * At document level each document is first reduced to its best chunk (ties: the smallest chunk
 * id, as ranking/rank.ts collapses), so the k rows are k documents, not k chunks of fewer.
 * With `match: any` the query is plainto_tsquery's lexemes ORed instead (its text form, each
 * lexeme quoted, with ` & ` turned to ` | ` and read back as a tsquery), so a row needs one
 * query word, not all of them, to be ranked: what BM25 ranks.
 * The query text, the configuration, the normalization, k and every filter value are
 * parameters; the table and column are identifiers the leg's schema restricts and quotes.
 */
export function postgresSearchSql(s: PostgresSearch): { text: string; values: unknown[] } {
  const filter = postgresFilterSql(s.filter, 5);
  const tsv = quoteIdent(s.tsvColumn);
  const tsquery =
    s.match === 'any'
      ? `(SELECT replace(plainto_tsquery($1::regconfig, $2::text)::text, ' & ', ' | ')::tsquery AS q) AS query`
      : 'websearch_to_tsquery($1::regconfig, $2::text) AS q';
  const matches = [`FROM ${quoteTable(s.table)}, ${tsquery}`, `WHERE ${tsv} @@ q AND ${filter.where}`];
  const score = `ts_rank_cd(${tsv}, q, $3::int4) AS score`;
  const text =
    s.level === 'doc'
      ? [
          `SELECT id, doc_id, score FROM (SELECT DISTINCT ON (doc_id) id, doc_id, ${score}`,
          ...matches,
          `ORDER BY doc_id, score DESC, id COLLATE "C") AS best`,
          `ORDER BY score DESC, doc_id COLLATE "C" DESC LIMIT $4::int4`,
        ].join(' ')
      : [`SELECT id, doc_id, ${score}`, ...matches, `ORDER BY score DESC, id COLLATE "C" DESC LIMIT $4::int4`].join(
          ' ',
        );
  return { text, values: [s.config, s.query, s.normalization, s.k, ...filter.params] };
}
