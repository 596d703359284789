import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Qrels } from '../../src/corpus/types.js';
import type { NamedRun } from '../../src/fusion/fuse-runs.js';
import type { RankedLeg } from '../../src/fusion/ranked-list.js';
import { BAYESFUSE_ABSENT, bayesfuse } from '../../src/fusion/trained/bayesfuse.js';
import { mapfuse } from '../../src/fusion/trained/mapfuse.js';
import { posfuse } from '../../src/fusion/trained/posfuse.js';
import { probfuse } from '../../src/fusion/trained/probfuse.js';
import { segfuse } from '../../src/fusion/trained/segfuse.js';
import { slidefuse } from '../../src/fusion/trained/slidefuse.js';
import type { TrainingSet } from '../../src/fusion/trained/training-set.js';
import { runCli } from '../helpers/cli.js';

const run = (name: string, queries: Record<string, string[]>): NamedRun => ({
  name,
  run: new Map(Object.entries(queries).map(([q, ids]) => [q, ids.map((id, i) => ({ id, score: ids.length - i }))])),
});

// Training: q1 judges x relevant (y judged 0, not relevant); q2 judges z and x relevant.
// A ranks q1: x y z, q2: z w  -> hits q1 [1 0 0], q2 [1 0]
// B ranks q1: y x,   q2: w x z -> hits q1 [0 1],   q2 [0 1 1]
// q3 is judged and held by both runs but is not a training query: it must not count.
const qrels: Qrels = new Map([
  [
    'q1',
    new Map([
      ['x', 1],
      ['y', 0],
    ]),
  ],
  [
    'q2',
    new Map([
      ['z', 1],
      ['x', 2],
    ]),
  ],
  ['q3', new Map([['w', 1]])],
]);
const A = run('A', { q1: ['x', 'y', 'z'], q2: ['z', 'w'], q3: ['w'] });
const B = run('B', { q1: ['y', 'x'], q2: ['w', 'x', 'z'], q3: ['w'] });
const training: TrainingSet = { runs: [A, B], qrels, queries: ['q1', 'q2'] };

// The query fused: A ranks p q r s, B ranks q p (min-max scores for segfuse given by hand).
const leg = (name: string, ids: string[], scores = ids.map(() => 0), weight = 1): RankedLeg => ({
  name,
  weight,
  ids,
  scores,
});
const legs = [leg('A', ['p', 'q', 'r', 's'], [1, 0.5, 0.25, 0]), leg('B', ['q', 'p'], [1, 0])];
const asObject = (m: Map<string, number>) => Object.fromEntries(m);

describe('trained methods (worked examples on two training queries)', () => {
  it('posfuse: P(rank i relevant) = hits at i / lists reaching i; Σ w · P(rank)', () => {
    const model = posfuse.train(training);
    // A: rank 1 2/2, rank 2 0/2, rank 3 0/1.  B: rank 1 0/2, rank 2 2/2, rank 3 1/1.
    expect(model).toEqual(
      new Map([
        ['A', [2 / 2, 0 / 2, 0 / 1]],
        ['B', [0 / 2, 2 / 2, 1 / 1]],
      ]),
    );
    // s is at A's rank 4, deeper than any training list: 0.
    expect(asObject(posfuse.combine(model, legs))).toEqual({ p: 1 + 1, q: 0 + 0, r: 0, s: 0 });
  });

  it('slidefuse: the mean of P over ranks r - w .. r + w within the list; w 0 is posfuse', () => {
    const model = slidefuse(1).train(training);
    // A (4 long): p ranks 1-2 (1, 0), q 1-3 (1, 0, 0), r 2-4 (0, 0, 0), s 3-4 (0, 0).  B (2 long): 1-2 for both.
    expect(asObject(slidefuse(1).combine(model, legs))).toEqual({
      p: (1 + 0) / 2 + (0 + 1) / 2,
      q: (1 + 0 + 0) / 3 + (0 + 1) / 2,
      r: 0,
      s: 0,
    });
    expect(slidefuse(0).combine(model, legs)).toEqual(posfuse.combine(model, legs));
  });

  it('probfuse: x segments of ceil(n / x) ranks, P averaged over the queries, Σ w · P(k) / k', () => {
    const two = probfuse(2);
    const model = two.train(training);
    // A: q1 (3 long, segments of 2) [1 0] [0] -> 1/2, 0; q2 (segments of 1) [1] [0] -> 1, 0.
    // B: q1 [0] [1] -> 0, 1; q2 (3 long) [0 1] [1] -> 1/2, 1.
    expect(model).toEqual(
      new Map([
        ['A', [(1 / 2 + 1) / 2, (0 + 0) / 2]],
        ['B', [(0 + 1 / 2) / 2, (1 + 1) / 2]],
      ]),
    );
    // Fused: A's 4 in segments of 2 (p q | r s); B's 2 in segments of 1 (q | p).
    expect(asObject(two.combine(model, legs))).toEqual({
      p: 0.75 / 1 + 1 / 2,
      q: 0.75 / 1 + 0.25 / 1,
      r: 0 / 2,
      s: 0 / 2,
    });
  });

  it("mapfuse: each run's MAP over the training queries, Σ w · MAP / rank", () => {
    const model = mapfuse.train(training);
    // A: q1 AP 1 (x first, R 1); q2 R 2, z first: (1/1) / 2.  B: q1 x second: 1/2; q2 x 2nd, z 3rd: (1/2 + 2/3) / 2.
    const mapA = (1 + 1 / 2) / 2;
    const mapB = (1 / 2 + (1 / 2 + 2 / 3) / 2) / 2;
    expect(model).toEqual(
      new Map([
        ['A', mapA],
        ['B', mapB],
      ]),
    );
    const fused = asObject(mapfuse.combine(model, [leg('A', ['p', 'q', 'r', 's'], undefined, 2), legs[1]!]));
    expect(fused).toEqual({
      p: (2 * mapA) / 1 + mapB / 2,
      q: (2 * mapA) / 2 + mapB / 1,
      r: (2 * mapA) / 3,
      s: (2 * mapA) / 4,
    });
  });

  it('segfuse: P per segment (ends 5, 15, 35...), divided by its full size; Σ w · P · (norm + 1)', () => {
    const model = segfuse.train(training);
    // Ranks 1-5: A 1 hit of 5 in q1 and in q2; B 1 in q1, 2 in q2. Every later segment: 0.
    expect(model.get('A')).toEqual([(1 / 5 + 1 / 5) / 2, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
    expect(model.get('B')).toEqual([(1 / 5 + 2 / 5) / 2, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
    const s = asObject(segfuse.combine(model, legs));
    expect(s.p).toBeCloseTo(0.2 * (1 + 1) + 0.3 * (0 + 1), 15);
    expect(s.q).toBeCloseTo(0.2 * (0.5 + 1) + 0.3 * (1 + 1), 15);
    expect(s.r).toBeCloseTo(0.2 * (0.25 + 1), 15);
    expect(s.s).toBeCloseTo(0.2 * (0 + 1), 15);
  });

  it('bayesfuse: log odds of the precision in each band of ranks, summed over every run (absent: ln(0.001 / 0.999))', () => {
    const model = bayesfuse.train(training);
    // Ranks 1-5: precision A (1/5 + 1/5) / 2 = 0.2, B (1/5 + 2/5) / 2 = 0.3; every other band 0, floored to 0.001.
    const floor = Math.log(0.001 / 0.999);
    expect(model.get('A')).toEqual([Math.log(0.2 / 0.8), ...Array.from({ length: 8 }, () => floor)]);
    expect(model.get('B')![0]).toBeCloseTo(Math.log(0.3 / 0.7), 15);
    expect(BAYESFUSE_ABSENT).toBe(floor);
    const s = asObject(bayesfuse.combine(model, legs));
    expect(s.p).toBe(model.get('A')![0]! + model.get('B')![0]!);
    expect(s.r).toBe(model.get('A')![0]! + floor); // B did not return r
  });
});

describe('training reads the training queries only, and refuses what it cannot learn from', () => {
  it('a query outside `queries` changes no model, however it is judged', () => {
    const other: TrainingSet = { ...training, qrels: new Map([...qrels, ['q3', new Map([['w', 0]])]]) };
    for (const method of [posfuse, probfuse(3), segfuse, mapfuse, bayesfuse, slidefuse(2)])
      expect(method.train(other), method.name).toEqual(method.train(training));
  });

  it('refuses no training queries, an unjudged query, a leg without a model and bad parameters', () => {
    expect(() => posfuse.train({ ...training, queries: [] })).toThrow(
      /posfuse needs at least one judged training query/,
    );
    expect(() => mapfuse.train({ ...training, queries: ['q1', 'q9'] })).toThrow(/query "q9" has no judgements/);
    expect(() => posfuse.combine(posfuse.train(training), [leg('C', ['p'])])).toThrow(
      /posfuse: no model for the run "C"; it was trained on A, B/,
    );
    expect(() => probfuse(0)).toThrow(/number of segments must be a whole number >= 1, got 0/);
    expect(() => slidefuse(1.5)).toThrow(/window w must be a whole number >= 0, got 1.5/);
  });

  it('testbed fuse names a trained method as one: it needs judgements, which fuse does not read', async () => {
    const r = await runCli(['fuse', 'a.trec', 'b.trec', '--method', 'ProbFuse', '--out', 'x.trec']);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/--method: probfuse learns from relevance judgements, so it cannot fuse runs without them/);
  });
});

describe('slidefuse with w 0 is posfuse (random training sets)', () => {
  it('on random runs and judgements', () => {
    const ids = fc.uniqueArray(fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f'), { maxLength: 6 });
    fc.assert(
      fc.property(
        fc.array(fc.tuple(ids, ids, fc.subarray(['a', 'b', 'c', 'd', 'e', 'f'])), { minLength: 1, maxLength: 5 }),
        (queries) => {
          const set: TrainingSet = {
            runs: [
              run('A', Object.fromEntries(queries.map(([a], i) => [`q${i}`, a]))),
              run('B', Object.fromEntries(queries.map(([, b], i) => [`q${i}`, b]))),
            ],
            qrels: new Map(queries.map(([, , rel], i) => [`q${i}`, new Map(rel.map((id) => [id, 1]))])),
            queries: queries.map((_, i) => `q${i}`),
          };
          const model = posfuse.train(set);
          const fused = [leg('A', ['a', 'b', 'c', 'd', 'e', 'f']), leg('B', ['f', 'e', 'd'])];
          expect(slidefuse(0).combine(model, fused)).toEqual(posfuse.combine(model, fused));
        },
      ),
    );
  });
});
