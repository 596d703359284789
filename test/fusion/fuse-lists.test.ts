import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fuseLists, FUSE_DEFAULTS, type FuseOptions } from '../../src/fusion/fuse-lists.js';
import { roundFusedScore } from '../../src/fusion/fused-score.js';
import { fusionMethod, fusionMethodNames } from '../../src/fusion/method-registry.js';
import type { FusionMethodName } from '../../src/fusion/method-table.js';
import { normNames } from '../../src/fusion/norm-registry.js';
import type { NormName } from '../../src/fusion/norm-table.js';

const METHOD_NAMES = fusionMethodNames();
const NORM_NAMES = normNames();
// Two definitions do not keep a lone list's order, on purpose: log_isr gives a document only
// one list holds ln 1 = 0 (ranx's), and minmax_inverted reads scores as distances, turning an
// ordinary list upside down. more-methods.test.ts and norms.test.ts pin what they do instead.
const ORDER_KEEPING_METHODS = METHOD_NAMES.filter((m) => m !== 'log_isr');
// The methods that read normalised scores, written out rather than read from the table.
const SCORE_METHODS: readonly string[] = [
  'combsum',
  'combmnz',
  'combgmnz',
  'combmax',
  'combmin',
  'combmed',
  'combanz',
  'wsum',
  'wmnz',
];
const ORDER_KEEPING_NORMS = NORM_NAMES.filter((n) => n !== 'minmax_inverted');
import type { RankedList, ScoredId } from '../../src/fusion/ranked-list.js';
import { InputError } from '../../src/errors.js';
import { compareIdBytes } from '../../src/ranking/id-order.js';
import { lists, ranked, scoreOf, trecSort, weightsFor } from './n-leg-lists.js';
import { sig12 } from '../helpers/fused-score.js';

const A = ranked('A', ['a', 10], ['b', 6], ['c', 2]);
const B = ranked('B', ['b', 0.9], ['d', 0.5], ['a', 0.1]);

describe('fuseLists: defaults and tie order', () => {
  it("defaults are ranx's: min-max, weight 1 per list (RRF k 60 is rrf's row's)", () => {
    expect(FUSE_DEFAULTS).toEqual({ norm: 'minmax', weight: 1 });
    expect(fusionMethod('rrf').constants).toEqual([expect.objectContaining({ name: 'rrf_k', default: 60 })]);
  });

  it('equal fused scores are ordered by id descending in UTF-8 byte order (trec_eval)', () => {
    // Every document is rank 1 of its own list: all fuse to 1/61. Byte order: "B" < "a" < "é" < "𝔞".
    const solo = ['a', 'B', '𝔞', 'é'].map((id) => ranked(`list-${id}`, [id, 1]));
    const fused = fuseLists(solo, { method: 'rrf' });
    expect(fused.map((f) => f.score)).toEqual([1 / 61, 1 / 61, 1 / 61, 1 / 61].map(sig12));
    expect(fused.map((f) => f.id)).toEqual(['𝔞', 'é', 'a', 'B']);
  });
});

describe('fuseLists: scores at 12 significant digits', () => {
  it('sums equal in exact arithmetic but an ulp apart in floating point tie, and go by id', () => {
    // x: (0.1 + 0.2) + 0.3 = 0.6000000000000001 in floating point; y: 0.1 + 0.5 = 0.6. Each list's
    // best score is 1, so max normalisation leaves the scores as they are.
    const fused = fuseLists(
      [
        ranked('p', ['t', 1], ['y', 0.5], ['x', 0.3]),
        ranked('q', ['t', 1], ['x', 0.2]),
        ranked('r', ['t', 1], ['x', 0.1], ['y', 0.1]),
      ],
      { method: 'combsum', norm: 'max' },
    );
    expect(fused).toEqual([
      { id: 't', score: 3 },
      { id: 'y', score: 0.6 },
      { id: 'x', score: 0.6 },
    ]);
  });

  it('the written score is the rounded one: 1/3 keeps 12 digits', () => {
    expect(fuseLists([ranked('a', ['x', 1])], { method: 'rrf', constants: { rrf_k: 2 } })).toEqual([
      { id: 'x', score: 0.333333333333 },
    ]);
  });
});

describe('fuseLists: edge cases', () => {
  it('no list is refused; empty lists fuse to nothing', () => {
    expect(() => fuseLists([], { method: 'rrf' })).toThrow(/at least one ranked list/);
    for (const method of METHOD_NAMES) expect(fuseLists([ranked('A'), ranked('B')], { method }), method).toEqual([]);
  });

  it('an empty list beside a full one changes no order (every method, every norm but the two above; borda but with max, min, median)', () => {
    for (const method of ORDER_KEEPING_METHODS) {
      for (const norm of ORDER_KEEPING_NORMS) {
        if (norm === 'borda' && ['combmax', 'combmin', 'combmed'].includes(method)) continue;
        const fused = fuseLists([A, ranked('E')], { method, norm });
        expect(
          fused.map((f) => f.id),
          `${method} ${norm}`,
        ).toEqual(['a', 'b', 'c']);
      }
    }
  });

  it("borda's normalisation completes the empty list too: each candidate gets (C + 1) / (2C) there, above A's last", () => {
    // C = 3. A: a 3/3, b 2/3, c 1/3; the empty list E: (3 - 0 + 1) / 6 = 2/3 for each.
    // combmax: a 1, b max(2/3, 2/3), c max(1/3, 2/3): b and c tie at 2/3 and go by id descending.
    const fused = fuseLists([A, ranked('E')], { method: 'combmax', norm: 'borda' });
    expect(fused).toEqual([
      { id: 'a', score: 1 },
      { id: 'c', score: roundFusedScore(2 / 3) },
      { id: 'b', score: roundFusedScore(2 / 3) },
    ]);
  });

  it('a single list keeps its order under every method and norm but the two above', () => {
    for (const method of ORDER_KEEPING_METHODS)
      for (const norm of ORDER_KEEPING_NORMS)
        expect(fuseLists([B], { method, norm }).map((f) => f.id)).toEqual(['b', 'd', 'a']);
  });

  it('zero-variance lists: min-max scores their items 1, z-score 0, dbsf 0.5', () => {
    const flat = ranked('flat', ['x', 3], ['y', 3]);
    const other = ranked('other', ['z', 5], ['x', 1]);
    // min-max: flat x 1, y 1; other z 1, x 0.
    expect(scoreOf(fuseLists([flat, other], { method: 'combsum' }))).toEqual({ x: 1 + 0, y: 1, z: 1 });
    // z-score: flat 0, 0; other z 1, x -1 (mean 3, sd 2).
    expect(scoreOf(fuseLists([flat, other], { method: 'combsum', norm: 'zscore' }))).toEqual({ x: 0 + -1, y: 0, z: 1 });
    // dbsf: flat 0.5 each; other mean 3, sample sd sqrt(8) -> lo 3 - 3√8, hi 3 + 3√8.
    const s = scoreOf(fuseLists([flat, other], { method: 'dbsf' }));
    expect(s.y).toBe(0.5);
    expect(s.z).toBe(sig12((5 - (3 - 3 * Math.sqrt(8))) / (6 * Math.sqrt(8))));
  });

  it('a list weighted 0 is off: its documents do not pad the result', () => {
    const fused = fuseLists([A, B], { method: 'rrf', weights: [1, 0] });
    expect(fused).toEqual([
      { id: 'a', score: sig12(1 / 61) },
      { id: 'b', score: sig12(1 / 62) },
      { id: 'c', score: sig12(1 / 63) },
    ]);
  });

  it('refuses NaN and infinite scores, naming the list, the item and the id', () => {
    expect(() => fuseLists([A, ranked('dense', ['x', 1], ['y', NaN])], { method: 'rrf' })).toThrow(
      new InputError('fusion: list "dense", item 2 (id "y"): score must be a finite number, got NaN'),
    );
    expect(() => fuseLists([ranked('bm25', ['x', Infinity])], { method: 'combsum' })).toThrow(
      /list "bm25", item 1 \(id "x"\): score must be a finite number, got Infinity/,
    );
    expect(() => fuseLists([ranked('bm25', ['x', 2], ['y', -Infinity])], { method: 'combsum' })).toThrow(
      /got -Infinity/,
    );
  });

  it('refuses a list that is not best first, an id twice in a list, and two lists of one name', () => {
    expect(() => fuseLists([ranked('dist', ['x', 0.1], ['y', 0.7])], { method: 'combsum' })).toThrow(
      /list "dist", item 2 \(id "y"\): score 0.7 is above item 1's 0.1; a list must be best first/,
    );
    expect(() => fuseLists([ranked('A', ['x', 2], ['x', 1])], { method: 'rrf' })).toThrow(
      /item 2 \(id "x"\): the id is already item 1/,
    );
    expect(() => fuseLists([A, A], { method: 'rrf' })).toThrow(/two lists are named "A"/);
  });

  it('refuses weights that do not fit, a bad RRF k and a constant the method does not read', () => {
    expect(() => fuseLists([A, B], { method: 'wsum', weights: [1] })).toThrow(/1 weights for 2 lists/);
    expect(() => fuseLists([A, B], { method: 'wsum', weights: [1, -1] })).toThrow(
      /weight 2 must be a finite number >= 0, got -1/,
    );
    expect(() => fuseLists([A, B], { method: 'wsum', weights: [1, NaN] })).toThrow(/weight 2 must be a finite number/);
    expect(() => fuseLists([A, B], { method: 'wsum', weights: [0, 0] })).toThrow(/every weight is 0/);
    expect(() => fuseLists([A, B], { method: 'rrf', constants: { rrf_k: 0 } })).toThrow(
      new InputError('fusion: rrf_k must be a number > 0 and <= 1000000, got 0'),
    );
    expect(() => fuseLists([A, B], { method: 'wsum', constants: { rrf_k: 10 } })).toThrow(
      new InputError('fusion: rrf_k is read by rrf only, not wsum'),
    );
    expect(() => fuseLists([A, B], { method: 'rrf', constants: { kappa: 1 } })).toThrow(
      new InputError('fusion: no fusion method reads a constant named "kappa"'),
    );
  });
});

/**
 * The naive oracle: every formula written out per candidate and per list, finding ranks with
 * indexOf and normalising by hand, with none of the library's helpers.
 */
function oracle(
  input: RankedList[],
  method: FusionMethodName,
  norm: NormName,
  weights: number[],
  k: number,
): ScoredId[] {
  const on = input.map((l, i) => ({ ...l, w: weights[i]! })).filter((l) => l.w > 0);
  const candidates = [...new Set(on.flatMap((l) => l.items.map((x) => x.id)))];
  const c = candidates.length;
  // Borda's normalisation gives every list every candidate: (C - r + 1) / C where it ranks it,
  // (C - n + 1) / (2C) where it does not, so for the score methods every list "holds" every candidate.
  const padded = norm === 'borda' && SCORE_METHODS.includes(method);
  const normed = (l: RankedList): number[] => {
    const s = l.items.map((x) => x.score);
    const n = s.length;
    const min = Math.min(...s);
    const max = Math.max(...s);
    const mean = s.reduce((a, x) => a + x, 0) / n;
    const popSd = Math.sqrt(s.reduce((a, x) => a + (x - mean) ** 2, 0) / n);
    const total = s.reduce((a, x) => a + (x - min), 0);
    switch (norm) {
      case 'minmax':
        return s.map((x) => (max > min ? (x - min) / (max - min) : 1));
      case 'zscore':
        return s.map((x) => (popSd > 0 ? (x - mean) / popSd : 0));
      case 'max':
        return s.map((x) => x / (max > 0 ? max : 1));
      case 'sum':
        return s.map((x) => (total > 0 ? (x - min) / total : 1 / n));
      case 'rank':
        return s.map((_, i) => 1 - i / n);
      case 'minmax_inverted':
        return s.map((x) => (max > min ? (max - x) / (max - min) : 1));
      case 'borda':
        return s.map((_, i) => (c - (i + 1) + 1) / c);
    }
  };
  // Condorcet, pair by pair: +w for each list ranking id above other (absent = below all ranked).
  const rankIn = (l: RankedList, id: string) => {
    const r = l.items.findIndex((x) => x.id === id) + 1;
    return r === 0 ? Infinity : r;
  };
  const copeland = (id: string) => {
    let score = 1;
    for (const other of candidates) {
      if (other === id) continue;
      let margin = 0;
      for (const l of on) {
        if (rankIn(l, id) < rankIn(l, other)) margin += l.w;
        if (rankIn(l, other) < rankIn(l, id)) margin -= l.w;
      }
      score += Math.abs(margin) <= 1e-12 * on.reduce((a, l) => a + l.w, 0) ? 0.5 : margin > 0 ? 1 : 0;
    }
    return score;
  };
  const threeSigma = (l: RankedList): number[] => {
    const s = l.items.map((x) => x.score);
    const n = s.length;
    if (n < 2) return s.map(() => 0.5);
    const mean = s.reduce((a, x) => a + x, 0) / n;
    const sd = Math.sqrt(s.reduce((a, x) => a + (x - mean) ** 2, 0) / (n - 1));
    return s.map((x) => (sd > 0 ? (x - (mean - 3 * sd)) / (6 * sd) : 0.5));
  };
  const fused = candidates.map((id) => {
    const present: number[] = []; // w · value from each list holding id
    let bordaPoints = 0;
    let holdersWeight = 0; // wmnz: Σ w and Σ norm (unweighted) over the lists holding id
    let plainNorms = 0;
    for (const l of on) {
      const r = l.items.findIndex((x) => x.id === id) + 1; // 0: absent
      const nl = normed(l);
      if (method === 'borda')
        bordaPoints += l.w * (r > 0 ? candidates.length - r + 1 : (candidates.length - l.items.length + 1) / 2);
      if (r === 0 && !padded) continue;
      const normValue = r > 0 ? nl[r - 1]! : (c - l.items.length + 1) / (2 * c);
      holdersWeight += l.w;
      plainNorms += normValue;
      const value =
        method === 'rrf'
          ? 1 / (k + r)
          : method === 'rbc'
            ? (1 - 0.8) * 0.8 ** (r - 1) // rbc's φ 0.8 when not given
            : method === 'isr' || method === 'log_isr' || method === 'logn_isr'
              ? 1 / (r * r)
              : method === 'dbsf'
                ? threeSigma(l)[r - 1]!
                : normValue;
      present.push(l.w * value);
    }
    const sum = present.reduce((a, x) => a + x, 0);
    const sorted = [...present].sort((x, y) => x - y);
    const m = sorted.length;
    const score: Record<FusionMethodName, number> = {
      rrf: sum,
      isr: m * sum,
      log_isr: Math.log(m) * sum,
      logn_isr: Math.log(m + 0.01) * sum,
      rbc: sum,
      borda: bordaPoints,
      condorcet: copeland(id),
      w_condorcet: copeland(id),
      combsum: sum,
      wsum: sum,
      dbsf: sum,
      combmnz: m * sum,
      combgmnz: Math.sqrt(m) * sum,
      wmnz: holdersWeight * plainNorms,
      combanz: sum / m,
      combmax: Math.max(...present),
      combmin: Math.min(...present),
      combmed: m % 2 ? sorted[(m - 1) / 2]! : (sorted[m / 2 - 1]! + sorted[m / 2]!) / 2,
    };
    return { id, score: score[method] };
  });
  return trecSort(fused);
}

/** The options with RRF's k for rrf, the one method that reads it (the others refuse it). */
const withK = (o: FuseOptions, k: number): FuseOptions => (o.method === 'rrf' ? { ...o, constants: { rrf_k: k } } : o);

describe('fuseLists properties', () => {
  const setting = lists.chain((ls) =>
    fc.record({
      ls: fc.constant(ls),
      method: fc.constantFrom(...METHOD_NAMES),
      norm: fc.constantFrom(...NORM_NAMES),
      weights: weightsFor(ls.length),
      k: fc.constantFrom(1, 10, 60),
    }),
  );

  it('agrees with a naive oracle of every formula: same ids, scores to 1e-9, ranked score descending then id descending', () => {
    fc.assert(
      fc.property(setting, ({ ls, method, norm, weights, k }) => {
        const ours = fuseLists(ls, withK({ method, norm, weights }, k));
        const theirs = oracle(ls, method, norm, weights, k);
        expect(new Set(ours.map((f) => f.id))).toEqual(new Set(theirs.map((f) => f.id)));
        const expected = scoreOf(theirs);
        for (const f of ours)
          expect(Math.abs(f.score - expected[f.id]!), `${method} ${norm} ${f.id}`).toBeLessThan(1e-9);
        for (let i = 1; i < ours.length; i++) {
          const [p, q] = [ours[i - 1]!, ours[i]!];
          expect(p.score > q.score || (p.score === q.score && compareIdBytes(p.id, q.id) > 0)).toBe(true);
        }
      }),
      { numRuns: 400 },
    );
  });

  it('does not depend on the order the lists are passed in (exactly, ties included)', () => {
    fc.assert(
      fc.property(
        setting.chain((s) =>
          fc.record({
            s: fc.constant(s),
            order: fc.shuffledSubarray(
              s.ls.map((_, i) => i),
              { minLength: s.ls.length },
            ),
          }),
        ),
        ({ s, order }) => {
          const { ls, method, norm, weights, k } = s;
          const shuffled = order.map((i) => ls[i]!);
          const shuffledWeights = order.map((i) => weights[i]!);
          expect(fuseLists(shuffled, withK({ method, norm, weights: shuffledWeights }, k))).toEqual(
            fuseLists(ls, withK({ method, norm, weights }, k)),
          );
        },
      ),
    );
  });

  it('does not depend on the names of the lists (exactly, ties included)', () => {
    fc.assert(
      fc.property(
        setting.chain((s) =>
          fc.record({ s: fc.constant(s), names: fc.uniqueArray(fc.string(), { minLength: 4, maxLength: 4 }) }),
        ),
        ({ s, names }) => {
          const { ls, method, norm, weights, k } = s;
          const renamed = ls.map((l, i) => ({ ...l, name: names[i]! }));
          expect(fuseLists(renamed, withK({ method, norm, weights }, k))).toEqual(
            fuseLists(ls, withK({ method, norm, weights }, k)),
          );
        },
      ),
    );
  });

  it('fusing one list keeps its order (trec_eval order in, the same order out)', () => {
    fc.assert(
      fc.property(
        lists,
        fc.constantFrom(...ORDER_KEEPING_METHODS),
        fc.constantFrom(...ORDER_KEEPING_NORMS),
        (ls, method, norm) => {
          const one = ls[0]!;
          expect(fuseLists([one], { method, norm }).map((f) => f.id)).toEqual(one.items.map((x) => x.id));
        },
      ),
    );
  });
});

describe('roundFusedScore', () => {
  it('keeps 12 significant digits at every magnitude, and prints as the 12-digit decimal', () => {
    const cases: [number, string][] = [
      [1 / 3, '0.333333333333'],
      [1 / 61, '0.016393442623'],
      [2000 / 3, '666.666666667'],
      [-2 / 3, '-0.666666666667'],
      [1e-13 / 3, '3.33333333333e-14'], // below 1e-11: through toPrecision
      [4e15 / 3, '1333333333330000'], // above 1e12: through toPrecision
      [0.1 + 0.2, '0.3'],
      [0, '0'],
    ];
    for (const [x, printed] of cases) expect(String(roundFusedScore(x)), String(x)).toBe(printed);
  });

  it('agrees with toPrecision(12) on random scores but for near-halves, and is idempotent', () => {
    fc.assert(
      fc.property(fc.double({ min: -1e6, max: 1e6, noNaN: true }), (x) => {
        const r = roundFusedScore(x);
        expect(roundFusedScore(r)).toBe(r);
        // Within half a unit of the 12th digit (and an ulp of slack) of x.
        const unit = 10 ** (Math.floor(Math.log10(Math.abs(x) || 1)) - 11);
        expect(Math.abs(r - x)).toBeLessThanOrEqual(unit / 2 + Math.abs(x) * 2 ** -52);
      }),
    );
  });
});
