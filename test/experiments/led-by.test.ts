import { describe, expect, it } from 'vitest';
import { ledBy } from '../../src/experiments/led-by.js';
import type { Sources } from '../../src/retrievers/types.js';

const hit = (bm25?: number, dense?: number): { sources: Sources } => ({
  sources: {
    ...(bm25 !== undefined && { bm25: { rank: bm25, score: 0 } }),
    ...(dense !== undefined && { dense: { rank: dense, score: 0 } }),
  },
});

describe('ledBy: which leg ranked each hybrid hit higher', () => {
  it('counts the better (smaller) rank, a missing leg as worst, equal ranks as a tie', () => {
    const top = [
      hit(1, 7), //  lexical 1 < dense 7: bm25
      hit(12, 2), // dense 2 < lexical 12: dense
      hit(3, 3), //  equal: both
      hit(5), //     dense did not return it: bm25
      hit(undefined, 40), // lexical did not return it: dense
      hit(2, 90), // in both lists (depth 100), still led by lexical
    ];
    // bm25: hits 1, 4, 6 = 3; dense: hits 2, 5 = 2; both: hit 3 = 1.
    expect(ledBy(top)).toEqual({ bm25: 3, dense: 2, both: 1 });
  });

  it('the old "in both lists" rule would have called all four two-leg hits both; ranks tell them apart', () => {
    expect(ledBy([hit(1, 50), hit(50, 1), hit(4, 5), hit(9, 8)])).toEqual({ bm25: 2, dense: 2, both: 0 });
  });

  it('a hit without sources counts nowhere; no hits gives zeros', () => {
    expect(ledBy([{}, hit(1)])).toEqual({ bm25: 1, dense: 0, both: 0 });
    expect(ledBy([])).toEqual({ bm25: 0, dense: 0, both: 0 });
  });
});
