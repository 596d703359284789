import type { Hit, SourceName } from '../retrievers/types.js';
import type { FusionMethod, FusionOptions, FusionOptionsOf } from './options.js';
import { rrf } from './rrf.js';
import { alphaWeights, scoreFusion } from './score-fusion.js';
import { SOURCE_ORDER, type FusedHit, type FusionInput } from './types.js';

/** Each leg's ranked hits; a leg that was not run is simply absent. */
export type RankedLists = Partial<Record<SourceName, Hit[]>>;

/** Fuses the legs' lists with one method's options; returns every fused hit, ranked. */
export type Fuser<M extends FusionMethod> = (lists: RankedLists, options: FusionOptionsOf<M>) => FusedHit[];

/** Where each method's options become per-list weights. */
export const FUSERS: { [M in FusionMethod]: Fuser<M> } = {
  rrf: (lists, o) => rrf(toInputs(lists, o.weights), o.k),
  score: (lists, o) => scoreFusion(toInputs(lists, alphaWeights(o.alpha)), o.normalization),
};

/**
 * Fuses the legs' ranked lists as `options` says (RRF or weighted score fusion) and returns all
 * fused hits ranked 1..n by the shared tie-break; callers cut to k.
 */
export function fuse(lists: RankedLists, options: FusionOptions): FusedHit[] {
  return dispatch(lists, options);
}

// Generic over the method so that FUSERS[options.method] and options are known to match.
function dispatch<M extends FusionMethod>(lists: RankedLists, options: FusionOptionsOf<M>): FusedHit[] {
  const fuser: Fuser<M> = FUSERS[options.method];
  return fuser(lists, options);
}

function toInputs(lists: RankedLists, weights: Record<SourceName, number>): FusionInput[] {
  return SOURCE_ORDER.flatMap((name) => {
    const hits = lists[name];
    return hits ? [{ name, hits, weight: weights[name] }] : [];
  });
}
