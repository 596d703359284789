import { InputError } from '../errors.js';
import { FUSION_DEFAULTS } from '../schemas/defaults.js';
import { compareIdBytes } from '../ranking/id-order.js';
import { checkLists } from './check-lists.js';
import { roundFusedScore } from './fused-score.js';
import { fusionLegs } from './fusion-legs.js';
import { acceptsValue, type ConstantValues, expectedValue, withDefaults } from './method-constant.js';
import { fusionMethod, methodsReading } from './method-registry.js';
import { constantsOf, methodInput } from './method-spec.js';
import type { FusionMethodName, FusionMethodRow } from './method-table.js';
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
  /** Constants of the method's formula by name ({rrf_k: 20}); one left out is the method's default. */
  constants?: ConstantValues;
}

/**
 * FuseOptions with norm and weights filled in. The constants are the ones given, checked: one
 * left out is the method's default, so a setting that does not choose one keeps its shape.
 */
export interface CompleteFuseOptions {
  method: FusionMethodName;
  norm: NormName;
  weights: readonly number[];
  constants: ConstantValues;
}

/** The defaults of fusion (ranx's: min-max normalisation, equal weights), as pipelines have them (FUSION_DEFAULTS). */
export const FUSE_DEFAULTS = Object.freeze({
  norm: FUSION_DEFAULTS.norm as NormName,
  weight: FUSION_DEFAULTS.weight,
});

/** Fills in FUSE_DEFAULTS for `listCount` lists and refuses impossible weights (the constants are checkConstants'). */
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
  return {
    method: options.method,
    norm: options.norm ?? FUSE_DEFAULTS.norm,
    weights,
    constants: options.constants ?? {},
  };
}

/**
 * Refuses a constant the method does not read, or one out of its bounds, naming it: the
 * constant's row is the one definition of its bounds, and this the library's one check of them.
 */
function checkConstants(method: FusionMethodRow, constants: ConstantValues): void {
  for (const [name, value] of Object.entries(constants)) {
    const c = constantsOf(method).find((r) => r.name === name);
    if (!c) {
      const readers = methodsReading(name);
      throw new InputError(
        readers.length
          ? `fusion: ${name} is read by ${readers.join(', ')} only, not ${method.name}`
          : `fusion: no fusion method reads a constant named ${JSON.stringify(name)}`,
      );
    }
    if (!acceptsValue(c, value)) throw new InputError(`fusion: ${name} must be ${expectedValue(c)}, got ${value}`);
  }
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
 * weights, a constant the method does not read or out of its bounds) is refused with an
 * InputError naming the list and item, or the constant; an empty list is fine (it holds
 * nothing), and so is a single list (its order is kept).
 */
export function fuseLists(lists: readonly RankedList[], options: FuseOptions): ScoredId[] {
  checkLists(lists);
  const o = completeOptions(options, lists.length);
  const spec = fusionMethod(o.method);
  checkConstants(spec, o.constants);
  const norm = methodInput(spec) === 'normalised scores' ? normRow(o.norm) : undefined;
  const legs = fusionLegs(lists, o.weights, norm);
  const fused = spec.combine(legs, withDefaults(constantsOf(spec), o.constants));
  return [...fused].map(([id, score]) => ({ id, score: roundFusedScore(score) })).sort(compareFused);
}

/** Score descending, then id descending in byte order: the order of trec_eval and of every ranking here. */
export function compareFused(a: ScoredId, b: ScoredId): number {
  if (a.score !== b.score) return b.score - a.score;
  return compareIdBytes(b.id, a.id);
}
