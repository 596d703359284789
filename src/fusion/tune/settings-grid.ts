import { FUSE_DEFAULTS, type CompleteFuseOptions } from '../fuse-lists.js';
import { METHOD_NAMES, METHODS, type FusionMethodName } from '../method-table.js';
import { NORM_NAMES, type NormName } from '../norm-table.js';
import { weightGrid } from './weight-grid.js';

export interface GridSpec {
  methods: readonly FusionMethodName[];
  /** Tried for the score methods (comb*, wsum). */
  norms: readonly NormName[];
  /** Tried for rrf. */
  rrfKs: readonly number[];
  /** Weights are multiples of 1 / weightSteps summing to 1 (see weightGrid), for the weighted methods. */
  weightSteps: number;
}

/** What the tuner searches when not told otherwise: every method, every norm, a small k grid, weights in tenths. */
export const DEFAULT_RRF_KS: readonly number[] = [10, 20, 40, 60, 100];
export const DEFAULT_WEIGHT_STEPS = 10;
export const DEFAULT_GRID: GridSpec = Object.freeze({
  methods: METHOD_NAMES,
  norms: NORM_NAMES,
  rrfKs: DEFAULT_RRF_KS,
  weightSteps: DEFAULT_WEIGHT_STEPS,
});

/**
 * Every setting the tuner compares, in a fixed order: methods as given; for each, the norms
 * (score methods only), the RRF ks (rrf only) and the weight grid (weighted methods: rrf, isr,
 * borda, wsum, dbsf). The comb* methods keep equal weights 1, their definition. When two settings
 * score the same on the training folds, the earlier one in this order is chosen.
 */
export function settingsGrid(spec: GridSpec, legs: number): CompleteFuseOptions[] {
  const equal = Array.from({ length: legs }, () => 1);
  const weights = weightGrid(legs, spec.weightSteps);
  const settings: CompleteFuseOptions[] = [];
  for (const method of spec.methods) {
    const m = METHODS[method];
    // A method ignores the parameters it does not read: one placeholder value each.
    const norms = m.reads === 'normalised scores' ? spec.norms : [FUSE_DEFAULTS.norm];
    const ks = method === 'rrf' ? spec.rrfKs : [FUSE_DEFAULTS.rrfK];
    for (const norm of norms)
      for (const rrfK of ks)
        for (const w of m.weighted ? weights : [equal]) settings.push({ method, norm, rrfK, weights: w });
  }
  return settings;
}

/** A setting as people read it: "rrf k 60, weights bm25 0.5 dense 0.5", "combmnz zscore". */
export function describeSetting(s: CompleteFuseOptions, legNames: readonly string[]): string {
  const m = METHODS[s.method];
  const parts: string[] = [s.method];
  if (m.reads === 'normalised scores') parts.push(s.norm);
  if (s.method === 'rrf') parts.push(`k ${s.rrfK}`);
  if (m.weighted) parts.push(`weights ${legNames.map((n, i) => `${n} ${s.weights[i]}`).join(' ')}`);
  return parts.join(' ');
}
