import { scoreRange } from './min-max.js';

/**
 * Inverted min-max normalisation (ranx "min-max-inverted"), for runs whose scores are
 * distances or costs, lower meaning better:
 *
 *   norm(s) = (max - s) / (max - min)
 *
 * so the lowest score becomes 1 and the highest 0. Run files are read in trec_eval's order
 * (score descending), so a distance run arrives worst first: the score methods read it right
 * under this normalisation, while the rank methods (rrf, isr, borda, condorcet...) would take
 * its worst document for its best. Applied to an ordinary run (higher is better) it turns the
 * run upside down.
 * Zero variance (all scores equal, a single item included): every item gets 1, as under
 * min-max (min-max.ts); ranx gives 0 there. Empty list: [].
 */
export function minMaxInvertedNorm(scores: readonly number[]): number[] {
  const { max, span } = scoreRange(scores);
  return scores.map((s) => (span > 0 ? (max - s) / span : 1));
}
