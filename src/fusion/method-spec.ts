import type { Leg } from './ranked-list.js';

/** What a method reads of each list: positions only, scores after --norm, or the raw scores. */
export type MethodInput = 'ranks' | 'normalised scores' | 'raw scores';

/** Parameters some methods take; the rest ignore them. */
export interface MethodParams {
  /** The RRF constant k (rrf only). */
  rrfK: number;
}

/**
 * One fusion method: what it reads and how it combines. `combine` gets the legs of weight > 0,
 * in a fixed order (by name), and returns every candidate's fused score; the caller ranks.
 */
export interface FusionMethodSpec {
  reads: MethodInput;
  /** Whether the tuner searches per-leg weights for it (the comb* methods are unweighted by definition). */
  weighted: boolean;
  combine(legs: readonly Leg[], params: MethodParams): Map<string, number>;
}
