import { describe, expect, it } from 'vitest';
import { bm25Sql, MAX_QUERY_TERMS, toMatchExpression } from '../../src/store/bm25-sql.js';

describe('toMatchExpression', () => {
  it('ORs the quoted, lower-cased terms of the query, each once', () => {
    expect(toMatchExpression("Can't log in after Password reset, password!")).toBe(
      '"can" OR "t" OR "log" OR "in" OR "after" OR "password" OR "reset"',
    );
  });

  it('keeps identifiers and non-Latin words whole', () => {
    expect(toMatchExpression('error E1042 v3.2.0')).toBe('"error" OR "e1042" OR "v3" OR "2" OR "0"');
    expect(toMatchExpression('Straße café')).toBe('"straße" OR "café"');
  });

  it('lets no FTS5 syntax through: operators become plain quoted terms, punctuation disappears', () => {
    const expr = toMatchExpression('"a" AND (b OR NOT c) NEAR(d e, 2) f* ^g title:h');
    expect(expr).toBe('"a" OR "and" OR "b" OR "or" OR "not" OR "c" OR "near" OR "d" OR "e" OR "2" OR "f" OR "g" OR "title" OR "h"');
    expect(expr).not.toMatch(/[()*^:]/);
  });

  it('returns null when nothing searchable is left', () => {
    for (const q of ['', '   ', '"(*)^:"', '\u0000\ud800', '!!! ???']) expect(toMatchExpression(q)).toBeNull();
  });

  it('caps the number of terms', () => {
    const q = Array.from({ length: MAX_QUERY_TERMS + 50 }, (_, i) => `w${i}`).join(' ');
    expect(toMatchExpression(q)!.split(' OR ')).toHaveLength(MAX_QUERY_TERMS);
  });
});

describe('bm25Sql', () => {
  it('chunk level: negated bm25 over title and text, best first, ties by id', () => {
    expect(bm25Sql('chunk')).toBe(`WITH m AS MATERIALIZED (SELECT rowid, -bm25(chunks_fts, 1, 1) AS score
    FROM chunks_fts WHERE chunks_fts MATCH ?)
SELECT c.id AS id, c.doc_id AS docId, c.id AS chunkId, m.score AS score
FROM m JOIN chunks c ON c.rowid = m.rowid
ORDER BY m.score DESC, c.id DESC
LIMIT ?`);
  });

  it('doc level: each document scored by its best chunk', () => {
    const sql = bm25Sql('doc', { title: 2, text: 1 });
    expect(sql).toContain('-bm25(chunks_fts, 2, 1)');
    expect(sql).toContain('row_number() OVER (PARTITION BY c.doc_id ORDER BY m.score DESC, c.id ASC) AS r');
    expect(sql).toContain('WHERE r = 1');
  });

  it('filtered: joins documents and adds the condition before the order and the limit', () => {
    expect(bm25Sql('chunk', undefined, 'lower(c.lang) = ?')).toBe(`WITH m AS MATERIALIZED (SELECT rowid, -bm25(chunks_fts, 1, 1) AS score
    FROM chunks_fts WHERE chunks_fts MATCH ?)
SELECT c.id AS id, c.doc_id AS docId, c.id AS chunkId, m.score AS score
FROM m JOIN chunks c ON c.rowid = m.rowid
JOIN documents d ON d.id = c.doc_id
WHERE lower(c.lang) = ?
ORDER BY m.score DESC, c.id DESC
LIMIT ?`);
    // At document level inside `best`, so a document scores as its best passing chunk.
    expect(bm25Sql('doc', undefined, 'lower(c.lang) = ?')).toContain(`  FROM m JOIN chunks c ON c.rowid = m.rowid
  JOIN documents d ON d.id = c.doc_id
  WHERE lower(c.lang) = ?
)`);
  });

  it('refuses non-finite weights', () => {
    expect(() => bm25Sql('chunk', { title: NaN, text: 1 })).toThrow(RangeError);
  });
});
