import { describe, expect, it } from 'vitest';
import { columnMoves } from '../../../src/web/playground/column-moves.js';
import { moveMark, moveText, rankMoves } from '../../../src/web/playground/rank-moves.js';

describe('rankMoves (a hit against the first column)', () => {
  it('a worked example: up, down, same and new', () => {
    // base:  a b c d e   (ranks 1..5)
    // list:  c a x d b
    // c: 3 -> 1, up 2; a: 1 -> 2, down 1; x: not in base, new; d: 4 -> 4, same; b: 2 -> 5, down 3
    const moves = rankMoves(['a', 'b', 'c', 'd', 'e'], ['c', 'a', 'x', 'd', 'b']);
    expect(moves).toEqual([
      { kind: 'up', by: 2, from: 3 },
      { kind: 'down', by: 1, from: 1 },
      { kind: 'new' },
      { kind: 'same', from: 4 },
      { kind: 'down', by: 3, from: 2 },
    ]);
    expect(moves.map(moveMark)).toEqual(['↑2', '↓1', 'new', '=', '↓3']);
  });

  it("a key listed twice in the base counts from its first rank (a document's first passage)", () => {
    // base by document: d1 d1 d2 -> d1 first at 1, d2 at 3; list: d2 d1 d1
    expect(rankMoves(['d1', 'd1', 'd2'], ['d2', 'd1', 'd1']).map(moveMark)).toEqual(['↑2', '↓1', '↓2']);
  });

  it('an empty base makes every hit new; an empty list has no moves', () => {
    expect(rankMoves([], ['a', 'b']).map(moveMark)).toEqual(['new', 'new']);
    expect(rankMoves(['a'], [])).toEqual([]);
  });

  it('says each move in words, for the title and screen readers', () => {
    const against = 'column 1 (BM25)';
    expect(moveText({ kind: 'up', by: 2, from: 3 }, against, 10)).toBe('up 2 from rank 3 in column 1 (BM25)');
    expect(moveText({ kind: 'down', by: 1, from: 1 }, against, 10)).toBe('down 1 from rank 1 in column 1 (BM25)');
    expect(moveText({ kind: 'same', from: 4 }, against, 10)).toBe('same rank as in column 1 (BM25)');
    expect(moveText({ kind: 'new' }, against, 10)).toBe('new: not in the top 10 of column 1 (BM25)');
  });
});

describe('columnMoves (compared at the level shown)', () => {
  const hit = (id: string) => ({ id, doc_id: id.split('#')[0]! });
  const list = (level: 'chunk' | 'doc', chunker: string, ...ids: string[]) => ({
    response: { level, hits: ids.map(hit) as never },
    chunker,
  });

  it('passages of indexes chunked alike: by passage id', () => {
    const base = list('chunk', 'structure:40', 'a#0', 'a#1', 'b#0');
    const other = list('chunk', 'structure:40', 'a#1', 'b#0', 'a#0');
    // a#1: 2 -> 1 up 1; b#0: 3 -> 2 up 1; a#0: 1 -> 3 down 2
    expect(columnMoves(base, other).by).toBe('passage');
    expect(columnMoves(base, other).moves.map(moveMark)).toEqual(['↑1', '↑1', '↓2']);
  });

  it('passages of indexes chunked differently: by document, from its first rank', () => {
    const base = list('chunk', 'structure:40', 'a#0', 'a#1', 'b#0');
    const other = list('chunk', 'doc', 'b#0', 'a#0', 'c#0');
    // by document the base is a a b: a first at 1, b at 3; b: 3 -> 1 up 2; a: 1 -> 2 down 1; c new
    const moved = columnMoves(base, other);
    expect(moved.by).toBe('document');
    expect(moved.moves.map(moveMark)).toEqual(['↑2', '↓1', 'new']);
  });

  it('documents, or documents against passages: by document', () => {
    expect(columnMoves(list('doc', 'doc', 'a', 'b'), list('doc', 'doc', 'b', 'a')).by).toBe('document');
    const mixed = columnMoves(list('doc', 'structure:40', 'a', 'b'), list('chunk', 'structure:40', 'b#2', 'a#0'));
    expect(mixed.by).toBe('document');
    expect(mixed.moves.map(moveMark)).toEqual(['↑1', '↓1']);
  });
});
