import { describeRange, inRange, type NumberRange } from '../schemas/param-types.js';

/**
 * A constant of a method's formula (RRF's k, CombGMNZ's γ, LogN_ISR's σ, RBC's φ), declared
 * once, in the method's file, and listed by its row. Everything that sets one is generated from
 * this declaration: a pipeline's `fusion.NAME` field (bounds, default, help) and so the OpenAPI
 * document, the settled fusion, `testbed fuse --param NAME=X`, `testbed tune --grid NAME=A,B`,
 * their --help, tune's labels and --json, and docs/pipelines.md's table of fusion fields.
 */
export interface MethodConstant {
  /**
   * As a pipeline's `fusion:` block, `--param`, `--grid` and tune --json spell it: lower case,
   * digits and _ (rrf_k). The settled fusion writes it in camelCase (rrfK), as settled fields are.
   */
  name: string;
  /** What it is, in a few words that name its method ("combgmnz's exponent γ on n(d)"). */
  help: string;
  /** Its value when not given: the method's own, so a fusion that does not give it ranks as before. */
  default: number;
  /** The values the formula accepts; checked once, where a value comes in (describeRange words them). */
  range: NumberRange;
  /** The values `testbed tune` tries when --grid does not say; left out: the default alone. */
  grid?: readonly number[];
  /** How tune's labels and fuse's summary write it ("rrf k 60"); left out: its name. */
  label?: string;
  /** The flags it had before --param and --grid, kept working: fuse's `--rrf-k X`, tune's `--rrf-ks A,B`. */
  aliases?: { fuse: string; tune: string };
  /**
   * Filled in with its default in every settled fusion, whatever the method, and never refused:
   * rrf_k only, which pipelines have always settled as rrfK (their settled JSON keys caches).
   * Any other constant is settled only when given, and refused for a method that does not read it.
   */
  alwaysSettled?: boolean;
}

/** Values of constants, by name (rrf_k, gamma...). */
export type ConstantValues = Readonly<Record<string, number>>;

/**
 * The fields of a pipeline's `fusion:` block that are not constants (pipeline-spec.ts builds
 * them); no constant may take one of these names.
 */
export const FUSION_BLOCK_FIELDS = ['method', 'norm', 'weights', 'depth'] as const;

/** Whether a value is one the constant accepts. */
export function acceptsValue(c: MethodConstant, value: number): boolean {
  return inRange(value, c.range);
}

/** What the constant accepts, as refusals word it: "a number in [0, 1]". */
export function expectedValue(c: MethodConstant): string {
  return describeRange(c.range);
}

/** The values tune tries by default: its grid, else its default alone. */
export function defaultGrid(c: MethodConstant): readonly number[] {
  return c.grid ?? [c.default];
}

/** Its key in a settled fusion: camelCase, as the settled fields are (rrf_k -> rrfK). */
export function settledKey(c: MethodConstant): string {
  return c.name.replace(/_([a-z0-9])/g, (_, ch: string) => ch.toUpperCase());
}

/** Each constant a method reads, with `given`'s value or else its default. */
export function withDefaults(constants: readonly MethodConstant[], given: ConstantValues = {}): Record<string, number> {
  return Object.fromEntries(constants.map((c) => [c.name, given[c.name] ?? c.default]));
}
