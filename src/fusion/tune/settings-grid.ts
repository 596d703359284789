import { FUSE_DEFAULTS } from '../fuse-lists.js';
import { type ConstantValues, defaultGrid, type MethodConstant } from '../method-constant.js';
import { fusionMethod, fusionMethods } from '../method-registry.js';
import { constantsOf, type FusionMethodSpec, methodInput } from '../method-spec.js';
import type { FusionMethodName } from '../method-table.js';
import { normRows } from '../norm-registry.js';
import type { NormName } from '../norm-table.js';
import { describeTrained, trainedGrid, type TrainedGridSpec } from './trained-grid.js';
import { equalWeights, isLegAlone, isTrained, type TuneSetting } from './tune-setting.js';
import { weightGrid } from './weight-grid.js';

export interface GridSpec extends TrainedGridSpec {
  methods: readonly FusionMethodName[];
  /** Tried for the score methods (comb*, wsum). */
  norms: readonly NormName[];
  /** Weights are multiples of 1 / weightSteps summing to 1 (see weightGrid), for the weighted methods. */
  weightSteps: number;
  /**
   * The values tried for a constant of the methods' formulas, by name ({rrf_k: [20, 60]}), for
   * the methods that read it; a constant left out: its row's grid (rrf's k: 10, 20, 40, 60,
   * 100), or its default alone (combgmnz's γ, logn_isr's σ).
   */
  constants?: Readonly<Record<string, readonly number[]>>;
}

/**
 * What the tuner searches when not told otherwise: every method and norm whose row does not say
 * `tunedByDefault: false`, each constant's own grid (a small k grid for rrf), weights in tenths.
 * The methods and norms are the ones registered when it is read.
 */
export const DEFAULT_WEIGHT_STEPS = 10;
export const DEFAULT_GRID: GridSpec = Object.freeze({
  get methods() {
    return fusionMethods()
      .filter((m) => m.tunedByDefault !== false)
      .map((m) => m.name as FusionMethodName);
  },
  get norms() {
    return normRows()
      .filter((n) => n.tunedByDefault !== false)
      .map((n) => n.name as NormName);
  },
  weightSteps: DEFAULT_WEIGHT_STEPS,
  // constants: left out, so each is tried at its row's grid.
});

/**
 * Every setting the tuner compares, in a fixed order: first each leg alone (in the legs'
 * order), so "do not fuse" is always a candidate; then the methods as given and, for each, the
 * norms (methods taking `norm`), every combination of the values of its constants (its row's
 * `constants`: rrf's k, combgmnz's γ...; constantSettings) and the weights (methods taking
 * `weights`: rrf, isr, borda, wsum, dbsf...): equal weights 1 each first when the weight grid
 * lacks an equal vector (3 legs in tenths), then the weight grid. The comb* methods keep equal
 * weights 1, their definition. Last, the trained methods of `spec.trained` (trainedGrid; none
 * by default), after every untrained setting. Under `--select best`, of two settings with the
 * same training mean the earlier one in this order is chosen.
 */
export function settingsGrid(spec: GridSpec, legs: number): TuneSetting[] {
  const ones = Array.from({ length: legs }, () => 1);
  let weights: number[][] | undefined;
  // Made only when a method takes weights: C(steps + legs - 1, legs - 1) vectors, far too many
  // for the dozens of configurations a choice without fusion (no methods) compares.
  const weightsGrid = () => {
    if (weights) return weights;
    const grid = weightGrid(legs, spec.weightSteps);
    // Equal weights 1 each: untuned fusion exactly (shares of 1/legs would rank alike up to rounding).
    weights = grid.some(equalWeights) ? grid : [ones, ...grid];
    return weights;
  };
  const settings: TuneSetting[] = Array.from({ length: legs }, (_, alone) => ({ alone }));
  for (const method of spec.methods) {
    const m = fusionMethod(method);
    // A method ignores the norm when it reads none: one placeholder value.
    const norms = methodInput(m) === 'normalised scores' ? spec.norms : [FUSE_DEFAULTS.norm];
    for (const norm of norms)
      for (const constants of constantSettings(m, spec))
        for (const w of m.params.includes('weights') ? weightsGrid() : [ones])
          settings.push({ method, norm, weights: w, constants });
  }
  settings.push(...trainedGrid(spec, legs));
  return settings;
}

/** The values tried for a constant: the grid's for its name, else its row's (defaultGrid). */
function gridValues(c: MethodConstant, spec: Pick<GridSpec, 'constants'>): readonly number[] {
  return spec.constants?.[c.name] ?? defaultGrid(c);
}

/**
 * Every combination of the values of the constants a method reads, each from gridValues, the
 * first constant outermost: [{}] for a method that reads none, so its settings carry none.
 */
function constantSettings(m: FusionMethodSpec, spec: GridSpec): ConstantValues[] {
  return constantsOf(m).reduce<ConstantValues[]>(
    (combos, c) => combos.flatMap((combo) => gridValues(c, spec).map((v) => ({ ...combo, [c.name]: v }))),
    [{}],
  );
}

/**
 * A setting as people read it: "bm25 alone", "rrf k 60 weights bm25 0.5 dense 0.5", "combmnz
 * zscore". Weights are shown to 4 decimals (a step of 1/3 as 0.3333); the settings keep them exact.
 */
export function describeSetting(s: TuneSetting, legNames: readonly string[]): string {
  if (isLegAlone(s)) return `${legNames[s.alone]} alone`;
  if (isTrained(s)) return describeTrained(s);
  const m = fusionMethod(s.method);
  const parts: string[] = [s.method];
  if (methodInput(m) === 'normalised scores') parts.push(s.norm);
  for (const c of constantsOf(m)) parts.push(`${c.label ?? c.name} ${s.constants[c.name] ?? c.default}`);
  if (m.params.includes('weights'))
    parts.push(`weights ${legNames.map((n, i) => `${n} ${Number(s.weights[i]!.toFixed(4))}`).join(' ')}`);
  return parts.join(' ');
}

/**
 * The `testbed fuse` options that rank like the setting ("--method wsum --norm sum --weights
 * 0.7,0.3", legs in the order given to tune), with the weights exact; undefined for a leg
 * alone, whose run is used as it is, and for a trained method, which fuse cannot apply (it
 * reads no judgements). Only the options the method reads are given, as fuse
 * refuses the others.
 */
export function fuseFlags(s: TuneSetting): string | undefined {
  if (isLegAlone(s) || isTrained(s)) return undefined;
  const m = fusionMethod(s.method);
  const flags = [`--method ${s.method}`];
  if (methodInput(m) === 'normalised scores') flags.push(`--norm ${s.norm}`);
  for (const c of constantsOf(m)) {
    const value = s.constants[c.name] ?? c.default;
    // A constant with a flag of its own (--rrf-k) is given as before; any other with --param.
    flags.push(c.aliases ? `--${c.aliases.fuse} ${value}` : `--param ${c.name}=${value}`);
  }
  if (!s.weights.every((w) => w === FUSE_DEFAULTS.weight)) flags.push(`--weights ${s.weights.join(',')}`);
  return flags.join(' ');
}
