import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Qrels } from '../../src/corpus/types.js';
import type { NamedRun } from '../../src/fusion/fuse-runs.js';
import type { RankedList, ScoredId } from '../../src/fusion/ranked-list.js';
import { posfuse } from '../../src/fusion/trained/posfuse.js';
import type { TrainingSet } from '../../src/fusion/trained/training-set.js';
import { SIMPLICITY_CLASSES, simplicityClass, simplicityLevels } from '../../src/fusion/tune/simplicity.js';
import { trainedFolds } from '../../src/fusion/tune/trained-folds.js';
import { describeTrained, trainedGrid } from '../../src/fusion/tune/trained-grid.js';
import type { TrainedSetting, TuneSetting } from '../../src/fusion/tune/tune-setting.js';
import { judgementsOf } from '../../src/metrics/judgements.js';

/**
 * Four queries, each its own fold. On every query leg A ranks a1 a2 and leg B ranks b1 b2
 * (disjoint documents). q1 and q2 judge a1 relevant, q3 and q4 judge b1: A's first document is
 * right on half the queries, B's on the other half.
 *
 * PosFuse fuses by P_L(rank): a1 gets P_A(1), b1 P_B(1), and a2, b2 get 0 (no training query
 * has a relevant document at rank 2). Ties go to the higher id (b before a).
 *   - trained on all four: P_A(1) = P_B(1) = 2/4, a tie: b1 first on every query.
 *   - trained without q3 (q1, q2, q4): P_A(1) = 2/3 > P_B(1) = 1/3: a1 first, so q3's relevant
 *     b1 is second. The model fitted on q3 itself would have put it first.
 *   - trained without q1 (q2, q3, q4): P_A(1) = 1/3 < P_B(1) = 2/3: b1 first, a1 second.
 * The score here is the reciprocal rank of the query's relevant document.
 */
const QUERIES = ['q1', 'q2', 'q3', 'q4'];
const FOLDS = QUERIES.map((q) => [q]);
const relevant: Record<string, string> = { q1: 'a1', q2: 'a1', q3: 'b1', q4: 'b1' };
const qrels: Qrels = new Map(QUERIES.map((q) => [q, new Map([[relevant[q]!, 1]])]));
const list = (ids: string[]): ScoredId[] => ids.map((id, i) => ({ id, score: ids.length - i }));
const runs: NamedRun[] = [
  { name: 'A', run: new Map(QUERIES.map((q) => [q, list(['a1', 'a2'])])) },
  { name: 'B', run: new Map(QUERIES.map((q) => [q, list(['b1', 'b2'])])) },
];
const lists = (q: string): RankedList[] => runs.map(({ name, run }) => ({ name, items: run.get(q)! }));
const reciprocalRank = (q: string, ranking: readonly ScoredId[]) =>
  1 / (ranking.findIndex((d) => d.id === relevant[q]) + 1);
const POSFUSE: TrainedSetting = { trained: 'posfuse', weights: [1, 1] };
const folds = (settings: TrainedSetting[] = [POSFUSE]) =>
  trainedFolds(settings, FOLDS, { runs, judgements: judgementsOf(qrels), lists, k: 10, score: reciprocalRank });
const ids = (ranking: readonly ScoredId[]) => ranking.map((d) => d.id);

afterEach(() => vi.restoreAllMocks());

describe('trained settings inside the folds: each fold ranked by the model trained without it', () => {
  it("a fold's queries are ranked by the model trained on the other folds, not by the one fitted to all", () => {
    const all = posfuse.train({ runs, qrels, queries: QUERIES });
    expect(all.get('A')![0]).toBe(2 / 4); // the in-sample model ties a1 and b1: b1 first
    const f = folds();
    // Without q3: a1 (2/3) above b1 (1/3); a2 and b2 at 0, b2 first by id.
    expect(ids(f.heldOut(0, 'q3'))).toEqual(['a1', 'b1', 'b2', 'a2']);
    // Scores rounded to 12 significant digits, as every fused score (fused-score.ts).
    const round = (x: number) => Number(x.toPrecision(12));
    expect(f.heldOut(0, 'q3').map((d) => d.score)).toEqual([round(2 / 3), round(1 / 3), 0, 0]);
    expect(ids(f.heldOut(0, 'q4'))).toEqual(['a1', 'b1', 'b2', 'a2']);
    // Without q1: b1 (2/3) above a1 (1/3).
    expect(ids(f.heldOut(0, 'q1'))).toEqual(['b1', 'a1', 'b2', 'a2']);
    // Every query's relevant document comes second: each held-out RR is 1/2 (in sample q3 and q4 would score 1).
    expect([...f.all(QUERIES)[0]!]).toEqual([1 / 2, 1 / 2, 1 / 2, 1 / 2]);
  });

  it("a fold's training scores come from an inner cross-validation: no query scored by a model fitted to it", () => {
    // Fold of q1, training queries q2 q3 q4. Each is ranked by the model trained on the other two:
    //   q2 by q3, q4: P_A(1) = 0, P_B(1) = 1: b1, then a1 a2 b2 all at 0 in id order b2 a2 a1: RR 1/4;
    //   q3 by q2, q4 (and q4 by q2, q3): P_A(1) = P_B(1) = 1/2, a tie: b1 first: RR 1.
    // In sample (one model on q2 q3 q4: b1 2/3 above a1 1/3) q2 would score 1/2.
    expect([...folds().training(0, ['q2', 'q3', 'q4'])[0]!]).toEqual([1 / 4, 1, 1]);
  });

  it("every model is trained on judged queries outside the fold it ranks, with those queries' judgements only", () => {
    const sets: TrainingSet[] = [];
    const train = posfuse.train;
    vi.spyOn(posfuse, 'train').mockImplementation((set) => (sets.push(set), train(set)));
    const f = folds();
    f.heldOut(0, 'q3');
    f.training(2, ['q1', 'q2', 'q4']);
    expect(sets.map((s) => s.queries)).toEqual([
      ['q1', 'q2', 'q4'], // held out q3: the other folds
      ['q2', 'q4'], // fold of q3's choice, q1 scored without q1 and q3
      ['q1', 'q4'], // q2, without q2 and q3
      ['q1', 'q2'], // q4, without q4 and q3
    ]);
    for (const s of sets) expect([...s.qrels.keys()]).toEqual(s.queries);
    // A model is trained once and reused: asking again trains nothing.
    f.heldOut(0, 'q3');
    expect(sets).toHaveLength(4);
  });

  it('refuses trained settings with 2 folds: the inner cross-validation would have one fold', () => {
    const two = () =>
      trainedFolds(
        [POSFUSE],
        [
          ['q1', 'q2'],
          ['q3', 'q4'],
        ],
        { runs, judgements: judgementsOf(qrels), lists, k: 10, score: reciprocalRank },
      );
    expect(two).toThrow(/the trained methods \(posfuse\) need at least 3 folds, got 2/);
    expect(() =>
      trainedFolds(
        [],
        [
          ['q1', 'q2'],
          ['q3', 'q4'],
        ],
        { runs, judgements: judgementsOf(qrels), lists, k: 10, score: reciprocalRank },
      ),
    ).not.toThrow();
  });
});

describe('trainedGrid: the trained settings searched', () => {
  it('probfuse per x, slidefuse per w, segfuse on min-max, the others once; labels name the parameter', () => {
    const grid = trainedGrid({ trained: ['bayesfuse', 'probfuse', 'segfuse', 'slidefuse'] }, 2);
    expect(grid.map(describeTrained)).toEqual([
      'bayesfuse',
      'probfuse x 10',
      'probfuse x 25',
      'probfuse x 50',
      'segfuse minmax',
      'slidefuse w 1',
      'slidefuse w 2',
      'slidefuse w 5',
      'slidefuse w 10',
    ]);
    expect(grid.every((s) => s.weights.join() === '1,1')).toBe(true);
    expect(trainedGrid({}, 2)).toEqual([]);
  });

  it("refuses a bad x or w with the method's message", () => {
    expect(() => trainedGrid({ trained: ['probfuse'], probfuseSegments: [25, 0] }, 2)).toThrow(
      /probfuse's number of segments must be a whole number >= 1, got 0/,
    );
    expect(() => trainedGrid({ trained: ['slidefuse'], slidefuseWindows: [-1] }, 2)).toThrow(
      /slidefuse's window w must be a whole number >= 0, got -1/,
    );
  });

  it('a trained setting is less simple than any untrained one, unequal weights included', () => {
    const settings: TuneSetting[] = [
      { trained: 'posfuse', weights: [1, 1] },
      { method: 'wsum', norm: 'minmax', weights: [0.9, 0.1], constants: {} },
      { alone: 0 },
    ];
    // The last class of the order, the one before it (unequal weights), the first (a leg alone).
    const last = SIMPLICITY_CLASSES.length - 1;
    expect(SIMPLICITY_CLASSES[last]).toMatch(/^a trained method/);
    expect(SIMPLICITY_CLASSES[last - 1]).toMatch(/^unequal weights/);
    expect(settings.map(simplicityClass)).toEqual([last, last - 1, 0]);
    expect(simplicityLevels(settings)).toEqual([2, 1, 0]);
  });
});
