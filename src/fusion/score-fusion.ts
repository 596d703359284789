import { rankHits } from '../retrievers/rank.js';
import type { SourceName } from '../retrievers/types.js';
import { collectCandidates, orderInputs } from './candidates.js';
import { NORMALIZERS, type Normalization } from './normalize.js';
import type { FusedHit, FusionInput } from './types.js';

/**
 * The Weaviate-style split of one knob between the legs:
 *
 *   weight_bm25 = 1 - alpha,  weight_dense = alpha
 *
 * so alpha 1 is dense only and alpha 0 is lexical only.
 */
export function alphaWeights(alpha: number): Record<SourceName, number> {
  return { bm25: 1 - alpha, dense: alpha };
}

/**
 * Weighted score fusion over normalised scores:
 *
 *   fused(d) = Σ_L weight_L · norm_L(d)
 *
 * which with alphaWeights is fused(d) = (1 - alpha) · norm_bm25(d) + alpha · norm_dense(d).
 * Each list is normalised on its own (see normalize.ts). A document missing from a list gets
 * that list's lowest normalised score: 0 under min-max, the list's minimum z under z-score.
 *
 * Returns every candidate (documents only in weight-0 lists are left out, so alpha 1 really is
 * dense only), ranked by the shared tie-break: fused score descending, then id descending (byte order).
 */
export function scoreFusion(
  inputs: readonly FusionInput[],
  normalization: Normalization = 'minmax',
): FusedHit[] {
  const normalizer = NORMALIZERS[normalization];
  const legs = orderInputs(inputs).map(({ name, hits, weight }) => {
    const normalized = normalizer.normalize(hits.map((h) => h.score));
    const byId = new Map(hits.map((h, i) => [h.id, normalized[i] ?? 0]));
    return { name, weight, byId, missing: normalizer.missing(normalized) };
  });
  const fused = collectCandidates(inputs).map((c) => {
    let score = 0;
    // Summed in SOURCE_ORDER so the result does not depend on the order inputs were passed in.
    for (const { weight, byId, missing } of legs) score += weight * (byId.get(c.id) ?? missing);
    return { ...c, score };
  });
  return rankHits(fused, fused.length);
}
