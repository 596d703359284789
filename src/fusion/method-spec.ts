import type { Leg } from './ranked-list.js';

/** What a method reads of each list: positions only, scores after --norm, or the raw scores. */
export type MethodInput = 'ranks' | 'normalised scores' | 'raw scores';

/** Whether a method combines ranks (positions only) or scores. */
export type MethodKind = 'rank' | 'score';

/**
 * A parameter a method takes (as a pipeline's `fusion:` block spells it); the others it ignores.
 * - `weights`: per-leg weights are the method's parameters, and the tuner searches them (the
 *   comb* methods multiply by weights given too, but are defined with them equal, so they keep 1).
 * - `norm`: the scores are normalised by the chosen normalisation first (score methods only).
 * - `rrf_k`: the RRF constant k.
 * - `gamma`, `sigma`: CombGMNZ's γ and LogN_ISR's σ (method-constants.ts).
 */
export type FusionParam = 'weights' | 'norm' | 'rrf_k' | 'gamma' | 'sigma';

/** Parameter values the methods that take them read. */
export interface MethodParams {
  /** The RRF constant k (the methods that take `rrf_k`). */
  rrfK: number;
  /** CombGMNZ's exponent γ on n(d); undefined: its default (methods/combgmnz.ts). */
  gamma?: number;
  /** LogN_ISR's σ added to n(d) inside the logarithm; undefined: its default (methods/logn-isr.ts). */
  sigma?: number;
}

/**
 * One fusion method's behaviour: its kind, the parameters it takes, and how it combines.
 * `combine` gets the legs of weight > 0, in a fixed order (by name), and returns every
 * candidate's fused score; the caller rounds it to 12 significant digits (fused-score.ts) and ranks.
 */
export interface FusionMethodSpec {
  kind: MethodKind;
  params: readonly FusionParam[];
  combine(legs: readonly Leg[], params: MethodParams): Map<string, number>;
}

/** What the method reads: ranks (rank methods), normalised scores (score methods taking `norm`) or raw scores. */
export function methodInput(spec: FusionMethodSpec): MethodInput {
  if (spec.kind === 'rank') return 'ranks';
  return spec.params.includes('norm') ? 'normalised scores' : 'raw scores';
}
