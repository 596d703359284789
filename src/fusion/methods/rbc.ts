import type { MethodConstant } from '../method-constant.js';
import type { FusionMethodSpec } from '../method-spec.js';
import { sumOver } from './gather.js';

/**
 * RBC's persistence φ (ranx spells it phi, as it spells γ gamma). ranx's rbc requires it; 0.8
 * here, whose expected depth 1 / (1 − φ) is 5 documents a list: about the top of a result page.
 * The grid spans expected depths 2, 5, 10, 20 and 100. φ = 0 and φ = 1, the limits Bailey et al.
 * discuss, are left out: at 1 every term has (1 − φ) = 0, and at 0 every rank below the first gets 0.
 */
export const RBC_PHI: MethodConstant = {
  name: 'phi',
  help: "rbc's persistence φ",
  default: 0.8,
  range: { min: 0, max: 1, exclusiveMin: true, exclusiveMax: true },
  grid: [0.5, 0.8, 0.9, 0.95, 0.99],
};

/**
 * Rank-biased centroids (Bailey, Moffat, Scholer & Thomas 2017, "Retrieval consistency in the
 * presence of query variations", SIGIR; ranx "rbc"), weighted as the other rank methods are:
 *
 *   rbc(d) = Σ_{L ∋ d} w_L · (1 − φ) · φ^(rank_L(d) − 1),   0 < φ < 1
 *
 * Each list is read as rank-biased precision reads a ranking (Moffat & Zobel 2008): a reader
 * goes from one document to the next with probability φ, and (1 − φ) · φ^(r − 1) is the share
 * of readers who stop at rank r; a document's score is the weighted share of readers, over the
 * lists, who stop at it. Reads ranks only; a document absent from a list gets 0 from it.
 */
export const rbc: FusionMethodSpec = {
  kind: 'rank',
  params: ['weights'],
  constants: [RBC_PHI],
  combine: (legs, { phi = RBC_PHI.default }) => sumOver(legs, (leg, i) => leg.weight * (1 - phi) * phi ** i),
};
