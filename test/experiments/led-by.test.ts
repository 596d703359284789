import { describe, expect, it } from 'vitest';
import { hybridLegs, ledBy } from '../../src/experiments/led-by.js';
import { parsePipeline } from '../../src/pipeline/resolve-pipeline.js';
import type { Sources } from '../../src/retrievers/types.js';

const hit = (bm25?: number, dense?: number): { sources: Sources } => ({
  sources: {
    ...(bm25 !== undefined && { bm25: { rank: bm25, score: 0 } }),
    ...(dense !== undefined && { dense: { rank: dense, score: 0 } }),
  },
});

/** The hybrid shorthand's legs. */
const SHORTHAND = { lexical: 'bm25', dense: 'dense' };

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
    expect(ledBy(top, SHORTHAND)).toEqual({ bm25: 3, dense: 2, both: 1 });
  });

  it('the old "in both lists" rule would have called all four two-leg hits both; ranks tell them apart', () => {
    expect(ledBy([hit(1, 50), hit(50, 1), hit(4, 5), hit(9, 8)], SHORTHAND)).toEqual({ bm25: 2, dense: 2, both: 0 });
  });

  it('a hit without sources counts nowhere; no hits gives zeros', () => {
    expect(ledBy([{}, hit(1)], SHORTHAND)).toEqual({ bm25: 1, dense: 0, both: 0 });
    expect(ledBy([], SHORTHAND)).toEqual({ bm25: 0, dense: 0, both: 0 });
  });
});

describe('hybridLegs: which pipelines are counted, by leg type and never by leg name', () => {
  // Document level, which a run leg needs.
  const legsOf = (legs: unknown[]) => parsePipeline({ legs, level: 'doc' }).legs;
  const url = 'http://127.0.0.1:9';

  it('a lexical and a dense leg, however they are named, in either order', () => {
    expect(hybridLegs(legsOf([{ type: 'lexical' }, { type: 'dense' }]))).toEqual({
      lexical: 'postings',
      dense: 'dense',
    });
    const renamed = legsOf([
      { type: 'dense', name: 'vec' },
      { type: 'lexical', engine: 'fts5', name: 'lex' },
    ]);
    expect(hybridLegs(renamed)).toEqual({ lexical: 'lex', dense: 'vec' });
    // A search engine's bm25 multi_match is lexical, its knn dense.
    const engines = legsOf([
      { type: 'opensearch', url, index: 'i' },
      { type: 'elasticsearch', url, index: 'i', query: 'knn' },
    ]);
    expect(hybridLegs(engines)).toEqual({ lexical: 'opensearch', dense: 'elasticsearch' });
  });

  it('not legs merely named bm25 and dense, two of one signal, three legs, or one', () => {
    const run = { type: 'run', file: 'x.run' };
    expect(
      hybridLegs(
        legsOf([
          { ...run, name: 'bm25' },
          { ...run, name: 'dense' },
        ]),
      ),
    ).toBeUndefined();
    expect(hybridLegs(legsOf([{ type: 'lexical' }, { type: 'lexical', engine: 'fts5' }]))).toBeUndefined();
    expect(hybridLegs(legsOf([{ type: 'lexical' }, { type: 'dense' }, run]))).toBeUndefined();
    expect(hybridLegs(legsOf([{ type: 'dense' }]))).toBeUndefined();
  });

  it("counts a renamed hybrid's hits exactly as the shorthand's", () => {
    const renamed = (lex?: number, vec?: number) => {
      const { sources } = hit(lex, vec);
      return {
        sources: Object.fromEntries(Object.entries(sources).map(([k, v]) => [k === 'bm25' ? 'lex' : 'vec', v])),
      };
    };
    const ranks: [number | undefined, number | undefined][] = [
      [1, 7],
      [12, 2],
      [3, 3],
      [5, undefined],
      [undefined, 40],
    ];
    const legs = hybridLegs(
      legsOf([
        { type: 'lexical', name: 'lex' },
        { type: 'dense', name: 'vec' },
      ]),
    )!;
    expect(
      ledBy(
        ranks.map(([a, b]) => renamed(a, b)),
        legs,
      ),
    ).toEqual(
      ledBy(
        ranks.map(([a, b]) => hit(a, b)),
        SHORTHAND,
      ),
    );
    // bm25: hits 1 and 4; dense: hits 2 and 5; both: hit 3.
    expect(
      ledBy(
        ranks.map(([a, b]) => renamed(a, b)),
        legs,
      ),
    ).toEqual({ bm25: 2, dense: 2, both: 1 });
  });
});
