import type { TrainedMethod } from './trained-method.js';
import { checkTrainingSet, hitLists, modelOf, type TrainingSet } from './training-set.js';

/** The rank bands BayesFuse estimates its odds in, as ranx cuts them (0-based starts; the last ends at 1000). */
export const BAYESFUSE_CUTS: readonly number[] = [0, 5, 10, 15, 20, 30, 100, 200, 500, 1000];

/** The floor on a band's precision and on its complement, ranx's: no log odds of ±∞. */
const FLOOR = 0.001;

/** The log odds of a document a run did not return (or returned below rank 1000): ln(0.001 / 0.999), ranx's. */
export const BAYESFUSE_ABSENT = Math.log(FLOOR / (1 - FLOOR));

/**
 * BayesFuse (Aslam & Montague 2001, "Models for metasearch"; ranx "bayesfuse"). Training
 * estimates, for each run and each band of ranks in BAYESFUSE_CUTS (1-5, 6-10, 11-15, 16-20,
 * 21-30, 31-100, 101-200, 201-500, 501-1000), the precision p there, averaged over the training
 * queries (a list that stops inside a band counts its missing ranks as not relevant), and keeps
 * its log odds,
 *
 *   p' = p, or 0.001 where p = 0;  q' = 1 - p', or 0.001 where that is 0
 *   odds_L(band) = ln(p' / q')
 *
 * Fusing adds, over every run, the log odds of d's band, and for a run that did not return d
 * (or ranked it below 1000) the floor's, ln(0.001 / 0.999):
 *
 *   bayesfuse(d) = Σ_L w_L · odds_L(d)
 *
 * (Aslam & Montague's naive Bayes: the runs' evidence multiplies, so log odds add.)
 */
export const bayesfuse: TrainedMethod<Map<string, number[]>> = {
  name: 'bayesfuse',
  input: 'ranks',
  train(set: TrainingSet) {
    checkTrainingSet(set, 'bayesfuse');
    return new Map(
      set.runs.map((run) => {
        const lists = hitLists(set, run);
        const odds = BAYESFUSE_CUTS.slice(1).map((end, b) => {
          const start = BAYESFUSE_CUTS[b]!;
          const precision =
            lists.reduce((sum, hits) => sum + hits.slice(start, end).filter(Boolean).length / (end - start), 0) /
            lists.length;
          const p = precision === 0 ? FLOOR : precision;
          const q = 1 - p === 0 ? FLOOR : 1 - p;
          return Math.log(p / q);
        });
        return [run.name, odds];
      }),
    );
  },
  combine(model, legs) {
    // Per leg: the log odds of each of its documents, by id; the rest get BAYESFUSE_ABSENT.
    const byId = legs.map((leg) => {
      const odds = modelOf(model, leg.name, 'bayesfuse');
      return new Map(leg.ids.map((id, i) => [id, odds[bandOf(i)] ?? BAYESFUSE_ABSENT]));
    });
    const fused = new Map<string, number>();
    for (const id of new Set(legs.flatMap((leg) => leg.ids))) {
      let sum = 0;
      legs.forEach((leg, l) => {
        sum += leg.weight * (byId[l]!.get(id) ?? BAYESFUSE_ABSENT);
      });
      fused.set(id, sum);
    }
    return fused;
  },
};

/** The band of the document at 0-based index i: 0 for ranks 1-5 ... 8 for 501-1000, -1 below rank 1000. */
function bandOf(i: number): number {
  const end = BAYESFUSE_CUTS.findIndex((cut) => i < cut);
  return end < 0 ? -1 : end - 1;
}
