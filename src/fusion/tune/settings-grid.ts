import { FUSE_DEFAULTS, type CompleteFuseOptions } from '../fuse-lists.js';
import { fusionMethod, fusionMethodNames } from '../method-registry.js';
import { methodInput } from '../method-spec.js';
import type { FusionMethodName } from '../method-table.js';
import { normNames } from '../norm-registry.js';
import type { NormName } from '../norm-table.js';
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

/**
 * What the tuner searches when not told otherwise: every method, every norm, a small k grid,
 * weights in tenths. The methods and norms are the ones registered when it is read.
 */
export const DEFAULT_RRF_KS: readonly number[] = [10, 20, 40, 60, 100];
export const DEFAULT_WEIGHT_STEPS = 10;
export const DEFAULT_GRID: GridSpec = Object.freeze({
  get methods() {
    return fusionMethodNames();
  },
  get norms() {
    return normNames();
  },
  rrfKs: DEFAULT_RRF_KS,
  weightSteps: DEFAULT_WEIGHT_STEPS,
});

/**
 * Every setting the tuner compares, in a fixed order: methods as given; for each, the norms
 * (methods taking `norm`), the RRF ks (methods taking `rrf_k`) and the weight grid (methods
 * taking `weights`: rrf, isr, borda, wsum, dbsf). The comb* methods keep equal weights 1, their definition. When two settings
 * score the same on the training folds, the earlier one in this order is chosen.
 */
export function settingsGrid(spec: GridSpec, legs: number): CompleteFuseOptions[] {
  const equal = Array.from({ length: legs }, () => 1);
  const weights = weightGrid(legs, spec.weightSteps);
  const settings: CompleteFuseOptions[] = [];
  for (const method of spec.methods) {
    const m = fusionMethod(method);
    // A method ignores the parameters it does not read: one placeholder value each.
    const norms = methodInput(m) === 'normalised scores' ? spec.norms : [FUSE_DEFAULTS.norm];
    const ks = m.params.includes('rrf_k') ? spec.rrfKs : [FUSE_DEFAULTS.rrfK];
    for (const norm of norms)
      for (const rrfK of ks)
        for (const w of m.params.includes('weights') ? weights : [equal])
          settings.push({ method, norm, rrfK, weights: w });
  }
  return settings;
}

/** A setting as people read it: "rrf k 60, weights bm25 0.5 dense 0.5", "combmnz zscore". */
export function describeSetting(s: CompleteFuseOptions, legNames: readonly string[]): string {
  const m = fusionMethod(s.method);
  const parts: string[] = [s.method];
  if (methodInput(m) === 'normalised scores') parts.push(s.norm);
  if (m.params.includes('rrf_k')) parts.push(`k ${s.rrfK}`);
  if (m.params.includes('weights')) parts.push(`weights ${legNames.map((n, i) => `${n} ${s.weights[i]}`).join(' ')}`);
  return parts.join(' ');
}
