import { InputError } from '../errors.js';
import { FUSION_DEFAULTS } from '../schemas/defaults.js';
import { compareIdBytes } from '../ranking/id-order.js';
import { checkLists } from './check-lists.js';
import { roundFusedScore } from './fused-score.js';
import { fusionLegs } from './fusion-legs.js';
import { givenConstants } from './method-constants.js';
import { fusionMethod } from './method-registry.js';
import { methodInput } from './method-spec.js';
import type { FusionMethodName } from './method-table.js';
import { normRow } from './norm-registry.js';
import type { NormName } from './norm-table.js';
import type { RankedList, ScoredId } from './ranked-list.js';

/** How to fuse, as callers give it: only the method is required. */
export interface FuseOptions {
  method: FusionMethodName;
  /** Normalisation of the score methods (comb*, wsum); ignored by rrf, isr, borda and dbsf. */
  norm?: NormName;
  /** One weight >= 0 per list, in the lists' order; not all 0. Default: 1 each. */
  weights?: readonly number[];
  /** The RRF constant (rrf only), > 0. */
  rrfK?: number;
  /** CombGMNZ's γ (combgmnz only), >= 0; undefined: its default (method-constants.ts). */
  gamma?: number;
  /** LogN_ISR's σ (logn_isr only), in [0, 1]; undefined: its default. */
  sigma?: number;
}

/**
 * FuseOptions with every default filled in, but γ and σ: left out, they are the method's own
 * default (as MethodParams takes them), so a setting that does not choose them keeps its shape.
 */
export interface CompleteFuseOptions {
  method: FusionMethodName;
  norm: NormName;
  weights: readonly number[];
  rrfK: number;
  gamma?: number;
  sigma?: number;
}

/** The defaults of fusion (ranx's: min-max normalisation, RRF k 60, equal weights), as pipelines have them (FUSION_DEFAULTS). */
export const FUSE_DEFAULTS = Object.freeze({
  norm: FUSION_DEFAULTS.norm as NormName,
  rrfK: FUSION_DEFAULTS.rrfK,
  weight: FUSION_DEFAULTS.weight,
});

/** Fills in FUSE_DEFAULTS for `listCount` lists and refuses impossible weights and k. */
export function completeOptions(options: FuseOptions, listCount: number): CompleteFuseOptions {
  const weights = options.weights ?? Array.from({ length: listCount }, () => FUSE_DEFAULTS.weight);
  if (weights.length !== listCount)
    throw new InputError(`fusion: ${weights.length} weights for ${listCount} lists; give one weight per list`);
  weights.forEach((w, i) => {
    if (!Number.isFinite(w) || w < 0)
      throw new InputError(`fusion: weight ${i + 1} must be a finite number >= 0, got ${w}`);
  });
  if (listCount > 0 && weights.every((w) => w === 0))
    throw new InputError('fusion: every weight is 0; at least one list must count');
  const rrfK = options.rrfK ?? FUSE_DEFAULTS.rrfK;
  if (!Number.isFinite(rrfK) || rrfK <= 0)
    throw new InputError(`fusion: the RRF constant k must be a finite number > 0, got ${rrfK}`);
  return {
    method: options.method,
    norm: options.norm ?? FUSE_DEFAULTS.norm,
    weights,
    rrfK,
    ...givenConstants(options),
  };
}

/**
 * Fuses N ranked lists (each best first, see RankedList) with one registered method, and
 * returns every candidate { id, score } in the project's one tie order: fused score
 * descending, then id descending in UTF-8 byte order (trec_eval's; compareIdBytes).
 *
 * The score is the method's, rounded to FUSED_SIGNIFICANT_DIGITS (12) significant digits
 * (roundFusedScore), and documents are ranked and tied on that: scores equal in exact
 * arithmetic but an ulp apart in floating point tie, and go by id, as trec_eval orders them.
 * The built-in methods also add each document's terms smallest first (methods/gather.ts,
 * sumValues), so its score is the same double whatever the order or the names of the lists;
 * lists reach the method in byte order of their names, so a registered method that sums in
 * leg order is at least independent of the order they were passed in.
 *
 * Candidates are the documents of the lists weighted > 0: a list weighted 0 is switched off
 * and its documents do not pad the result. The methods that read normalised scores get those
 * lists after `norm` (normaliseLegs): each list on its own, or, for borda, all of them at once.
 * Bad input (NaN or infinite scores, a list not best first, repeated ids or names, bad
 * weights) is refused with an InputError naming the list and item; an empty list is fine
 * (it holds nothing), and so is a single list (its order is kept).
 */
export function fuseLists(lists: readonly RankedList[], options: FuseOptions): ScoredId[] {
  checkLists(lists);
  const o = completeOptions(options, lists.length);
  const spec = fusionMethod(o.method);
  const norm = methodInput(spec) === 'normalised scores' ? normRow(o.norm) : undefined;
  const legs = fusionLegs(lists, o.weights, norm);
  const fused = spec.combine(legs, { rrfK: o.rrfK, ...givenConstants(o) });
  return [...fused].map(([id, score]) => ({ id, score: roundFusedScore(score) })).sort(compareFused);
}

/** Score descending, then id descending in byte order: the order of trec_eval and of every ranking here. */
export function compareFused(a: ScoredId, b: ScoredId): number {
  if (a.score !== b.score) return b.score - a.score;
  return compareIdBytes(b.id, a.id);
}
