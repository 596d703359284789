import type { ConstantValues, MethodConstant } from './method-constant.js';
import type { RankedLeg } from './ranked-list.js';

/** What a method reads of each list: positions only, scores after --norm, or the raw scores. */
export type MethodInput = 'ranks' | 'normalised scores' | 'raw scores';

/** Whether a method combines ranks (positions only) or scores. */
export type MethodKind = 'rank' | 'score';

/**
 * A parameter of a method that is not a number of its formula (those are its `constants`):
 * - `weights`: per-leg weights are the method's parameters, and the tuner searches them (the
 *   comb* methods multiply by weights given too, but are defined with them equal, so they keep 1).
 * - `norm`: the scores are normalised by the chosen normalisation first (score methods only).
 */
export type FusionParam = 'weights' | 'norm';

/**
 * One fusion method's behaviour: its kind, the parameters and constants it takes, and how it
 * combines. `combine` gets the legs of weight > 0, in a fixed order (by name), and the value of
 * each of its constants (the default of one not given), and returns every candidate's fused
 * score; the caller rounds it to 12 significant digits (fused-score.ts) and ranks.
 */
export interface FusionMethodSpec {
  kind: MethodKind;
  params: readonly FusionParam[];
  /** The numbers of its formula a caller may set (method-constant.ts); left out: none. */
  constants?: readonly MethodConstant[];
  combine(legs: readonly RankedLeg[], constants: ConstantValues): Map<string, number>;
}

/** What the method reads: ranks (rank methods), normalised scores (score methods taking `norm`) or raw scores. */
export function methodInput(spec: FusionMethodSpec): MethodInput {
  if (spec.kind === 'rank') return 'ranks';
  return spec.params.includes('norm') ? 'normalised scores' : 'raw scores';
}

/** The constants a method reads, in the order its row lists them. */
export function constantsOf(spec: FusionMethodSpec): readonly MethodConstant[] {
  return spec.constants ?? [];
}

/** Whether the method reads the constant of that name. */
export function readsConstant(spec: FusionMethodSpec, name: string): boolean {
  return constantsOf(spec).some((c) => c.name === name);
}
