import { rankHits } from '../retrievers/rank.js';
import { collectCandidates, orderInputs } from './candidates.js';
import type { FusedHit, FusionInput } from './types.js';

/**
 * The RRF constant from Cormack, Clarke & Büttcher (2009). It damps the head of each list so
 * that rank 1 in one list does not swamp agreement between lists further down.
 */
export const RRF_K = 60;

/**
 * Reciprocal rank fusion:
 *
 *   fused(d) = Σ_{L ∋ d} weight_L / (k + rank_L(d))
 *
 * over the lists L that contain d. A document missing from a list contributes 0 from that list
 * (no guessed rank is imputed). Only ranks are used, never scores, so legs whose scores live
 * on different scales (BM25 vs cosine) need no normalisation.
 *
 * Returns every candidate (see collectCandidates: documents only in weight-0 lists are left
 * out), ranked by the shared tie-break: fused score descending, then id descending (byte order). With a
 * single list of weight > 0 the fused score strictly decreases with rank, so its order is kept.
 */
export function rrf(inputs: readonly FusionInput[], k: number = RRF_K): FusedHit[] {
  const ordered = orderInputs(inputs);
  const fused = collectCandidates(ordered).map((c) => {
    let score = 0;
    // Summed in SOURCE_ORDER so the result does not depend on the order inputs were passed in.
    for (const { name, weight } of ordered) {
      const source = c.sources[name];
      if (source) score += weight / (k + source.rank);
    }
    return { ...c, score };
  });
  return rankHits(fused, fused.length);
}
