import { describe, expect, it } from 'vitest';
import { bm25Sql, MAX_QUERY_TERMS, queryPhrases, termsToMatch, toMatchExpression } from '../../src/store/bm25-sql.js';

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
    expect(expr).toBe(
      '"a" OR "and" OR "b" OR "or" OR "not" OR "c" OR "near" OR "d" OR "e" OR "2" OR "f" OR "g" OR "title" OR "h"',
    );
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

describe('queryPhrases', () => {
  it('keeps each term once, in first-occurrence order, capped; termsToMatch quotes and ORs them', () => {
    expect(queryPhrases(['b', 'a', 'b', 'c', 'a'])).toEqual(['b', 'a', 'c']);
    expect(queryPhrases(Array.from({ length: MAX_QUERY_TERMS + 5 }, (_, i) => `w${i}`))).toHaveLength(MAX_QUERY_TERMS);
    expect(termsToMatch(['say "hi"', 'x', 'x'])).toBe('"say ""hi""" OR "x"');
    expect(termsToMatch([])).toBeNull();
  });
});

describe('bm25Sql', () => {
  it('the best LIMIT matches by negated bm25 over title and text, as (rowid, score)', () => {
    expect(bm25Sql()).toBe(`SELECT chunks_fts.rowid AS rowid, -bm25(chunks_fts, 1, 1) AS score
FROM chunks_fts
WHERE chunks_fts MATCH ?
ORDER BY score DESC
LIMIT ?`);
    expect(bm25Sql({ weights: { title: 2, text: 1 } })).toContain('-bm25(chunks_fts, 2, 1) AS score');
  });

  it('candidates: only the matches of a second expression are scored', () => {
    expect(bm25Sql({ candidates: true })).toBe(`SELECT chunks_fts.rowid AS rowid, -bm25(chunks_fts, 1, 1) AS score
FROM chunks_fts
WHERE chunks_fts MATCH ?
  AND +chunks_fts.rowid IN (SELECT e.rowid FROM chunks_fts AS e WHERE e.chunks_fts MATCH ?)
ORDER BY score DESC
LIMIT ?`);
  });

  it('filtered: joins chunks and documents and adds the condition before the order and the limit', () => {
    expect(
      bm25Sql({ where: 'lower(c.lang) = ?', candidates: true }),
    ).toBe(`SELECT chunks_fts.rowid AS rowid, -bm25(chunks_fts, 1, 1) AS score
FROM chunks_fts
CROSS JOIN chunks c ON c.rowid = chunks_fts.rowid
CROSS JOIN documents d ON d.id = c.doc_id
WHERE chunks_fts MATCH ?
  AND +chunks_fts.rowid IN (SELECT e.rowid FROM chunks_fts AS e WHERE e.chunks_fts MATCH ?)
  AND (lower(c.lang) = ?)
ORDER BY score DESC
LIMIT ?`);
  });

  it('refuses non-finite weights', () => {
    expect(() => bm25Sql({ weights: { title: NaN, text: 1 } })).toThrow(RangeError);
  });
});
