import type { FusionMethodSpec } from './method-spec.js';
import { COMBGMNZ_DEFAULT_GAMMA } from './methods/combgmnz.js';
import { LOGN_ISR_DEFAULT_SIGMA } from './methods/logn-isr.js';

/**
 * A constant of one method's formula besides RRF's k, settable as k is: `testbed fuse --NAME`,
 * a pipeline's `fusion.NAME`, tune's grid `--NAMEs`. A method reads it when its row's `params`
 * name it; the others refuse it. Its default is the method's own (methods/*.ts), so a fusion
 * that does not give it ranks as before.
 */
export interface MethodConstant {
  /** As `params`, MethodParams, FuseOptions, a tune setting, tune --json and a pipeline spell it. */
  name: 'gamma' | 'sigma';
  /** The GridSpec field of the values tune tries, and tune's flag for them (`--gammas`). */
  grid: 'gammas' | 'sigmas';
  default: number;
  /** The values the method accepts (NaN and infinities never), and how a refusal words them. */
  valid(value: number): boolean;
  expected: string;
}

/** CombGMNZ's γ and LogN_ISR's σ, each with its method's bounds (methods/combgmnz.ts, logn-isr.ts). */
export const METHOD_CONSTANTS: readonly MethodConstant[] = [
  {
    name: 'gamma',
    grid: 'gammas',
    default: COMBGMNZ_DEFAULT_GAMMA,
    valid: (g) => Number.isFinite(g) && g >= 0,
    expected: 'a number >= 0',
  },
  {
    name: 'sigma',
    grid: 'sigmas',
    default: LOGN_ISR_DEFAULT_SIGMA,
    valid: (s) => s >= 0 && s <= 1,
    expected: 'a number in [0, 1]',
  },
];

/** The values of the constants a method was given (by name); a constant left out is its default. */
export type ConstantValues = Partial<Record<MethodConstant['name'], number>>;

/** The constants a method reads (those its `params` name), in METHOD_CONSTANTS's order. */
export function constantsOf(spec: FusionMethodSpec): MethodConstant[] {
  return METHOD_CONSTANTS.filter((c) => spec.params.includes(c.name));
}

/** The constants `values` gives, those undefined left out: an object without them keeps its shape. */
export function givenConstants(values: ConstantValues): ConstantValues {
  return Object.fromEntries(
    METHOD_CONSTANTS.filter((c) => values[c.name] !== undefined).map((c) => [c.name, values[c.name]]),
  );
}
