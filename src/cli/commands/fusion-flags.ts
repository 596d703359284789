import path from 'node:path';
import { InputError } from '../../errors.js';
import { methodsTaking, normedMethodNames } from '../../fusion/method-help.js';
import { fusionMethod, fusionMethodNames } from '../../fusion/method-registry.js';
import { type ConstantValues, METHOD_CONSTANTS, type MethodConstant } from '../../fusion/method-constants.js';
import { methodInput, type FusionParam } from '../../fusion/method-spec.js';
import type { FusionMethodName, FusionMethodRow } from '../../fusion/method-table.js';
import { isTrainedMethod } from '../../fusion/trained/trained-methods.js';
import { normNames } from '../../fusion/norm-registry.js';
import type { NormName } from '../../fusion/norm-table.js';
import type { RunFile } from '../../fusion/run-coverage.js';
import { indexRunFile } from '../../fusion/run-file-index.js';
import { indexedSource, type TuneSource } from '../../fusion/tune/tune-run-files.js';
import { DEFAULT_GRID, type GridSpec } from '../../fusion/tune/settings-grid.js';

// Plain decimal notation only: Number() alone would also take "0x10", "Infinity" and "" (as 0).
const DECIMAL = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;

/**
 * A registered fusion method's name, case-insensitive; an InputError listing the methods
 * otherwise, which says so when the name is one of ranx's trained methods (fusion/trained/).
 */
export function methodName(flag: string, value: string): FusionMethodName {
  const names = fusionMethodNames();
  const name = value.trim().toLowerCase();
  const found = names.find((m) => m === name);
  if (found) return found;
  if (isTrainedMethod(name))
    throw new InputError(
      `--${flag}: ${name} learns from relevance judgements, so it cannot fuse runs without them (testbed tune --methods ${name} trains it inside its cross-validation folds); the methods are ${names.join(', ')}`,
    );
  throw new InputError(`--${flag}: unknown fusion method "${value}"; the methods are ${names.join(', ')}`);
}

/** A registered normalisation's name, case-insensitive; an InputError listing them otherwise. */
export function normName(flag: string, value: string): NormName {
  const names = normNames();
  const found = names.find((n) => n === value.trim().toLowerCase());
  if (!found)
    throw new InputError(`--${flag}: unknown normalisation "${value}"; the normalisations are ${names.join(', ')}`);
  return found;
}

/** A comma-separated list of names, each checked by `one`, kept once in first-seen order. */
export function nameList<T>(flag: string, value: string, one: (flag: string, v: string) => T): T[] {
  const parts = value.split(',').filter((p) => p.trim() !== '');
  if (parts.length === 0) throw new InputError(`--${flag} needs at least one name, got "${value}"`);
  return [...new Set(parts.map((p) => one(flag, p)))];
}

/** A finite number from a flag, refusing "0x10", "Infinity" and the empty string. */
export function decimal(flag: string, value: string, ok: (n: number) => boolean, expected: string): number {
  const n = DECIMAL.test(value.trim()) ? Number(value) : NaN;
  if (!Number.isFinite(n) || !ok(n)) throw new InputError(`--${flag} must be ${expected}, got "${value}"`);
  return n;
}

/**
 * `fuse --gamma G` / `--sigma S` (METHOD_CONSTANTS): each refused for a method that does not
 * read it, as --rrf-k is for wsum, and checked against its method's bounds.
 */
export function constantFlags(
  values: Partial<Record<MethodConstant['name'], string>>,
  method: FusionMethodName,
): ConstantValues {
  const given: ConstantValues = {};
  for (const c of METHOD_CONSTANTS) {
    const value = values[c.name];
    if (value === undefined) continue;
    if (!fusionMethod(method).params.includes(c.name))
      throw new InputError(`--${c.name} applies to ${methodsTaking(c.name).join(', ')} only, not ${method}`);
    given[c.name] = decimal(c.name, value, c.valid, c.expected);
  }
  return given;
}

/** --weights a,b,...: one number >= 0 per run, in the runs' order, not all 0. */
export function weightsOption(value: string, runCount: number): number[] {
  const parts = value.split(',');
  if (parts.length !== runCount)
    throw new InputError(
      `--weights gives ${parts.length} weights for ${runCount} runs; give one per run, in the order of the runs ("${value}")`,
    );
  const weights = parts.map((p) => decimal('weights', p, (n) => n >= 0, `numbers >= 0 separated by commas ("1,0.5")`));
  if (weights.every((w) => w === 0))
    throw new InputError(`--weights are all 0 ("${value}"); at least one run must count`);
  return weights;
}

/**
 * The legs' names: each run file's name without the extension (bm25.trec -> bm25), or the path
 * as given when two runs share a file name. The same file given twice is an InputError.
 */
export function legNames(files: readonly string[]): string[] {
  const base = files.map((f) => path.basename(f, path.extname(f)));
  const names = base.map((b, i) => (base.indexOf(b) === base.lastIndexOf(b) ? b : files[i]!));
  if (new Set(names).size !== names.length)
    throw new InputError(`the same run file is given twice: ${files.join(' ')}`);
  return names;
}

/**
 * Indexes tune's run files (indexRunFile: one pass each, keeping where each query is, not its
 * documents), the legs named by legNames, as tuneRunFiles reads them query by query; with the
 * files' query ids and line counts for the coverage check.
 */
export async function indexTuneLegs(files: readonly string[]): Promise<{ legs: TuneSource[]; runs: RunFile[] }> {
  const names = legNames(files);
  const indexes = await Promise.all(files.map((f) => indexRunFile(f)));
  return {
    legs: indexes.map((index, i) => indexedSource(names[i]!, index)),
    runs: indexes.map(({ file, ranges, lines }) => ({ file, queries: [...ranges.keys()], lines })),
  };
}

/**
 * The tuning grid from --methods, --norms, --rrf-ks, --gammas, --sigmas and --weight-step; a
 * flag not given is left to the grid's default. A grid flag that none of the methods (--methods,
 * or the default ones) reads is refused (refuseUnreadGridFlags), as `fuse` refuses --norm with rrf.
 */
export function gridFlags(values: {
  methods?: string;
  norms?: string;
  'rrf-ks'?: string;
  gammas?: string;
  sigmas?: string;
  'weight-step'?: string;
}): Partial<GridSpec> {
  const grid: Partial<GridSpec> = {
    ...(values.methods !== undefined && { methods: nameList('methods', values.methods, methodName) }),
    ...(values.norms !== undefined && { norms: nameList('norms', values.norms, normName) }),
    ...(values['rrf-ks'] !== undefined && {
      rrfKs: nameList('rrf-ks', values['rrf-ks'], (f, v) =>
        decimal(f, v, (n) => n > 0, 'numbers > 0 separated by commas'),
      ),
    }),
    ...(values['weight-step'] !== undefined && { weightSteps: weightStepsOption(values['weight-step']) }),
    ...constantGridFlags(values),
  };
  // The default methods read --norms, --rrf-ks and --weight-step, but not --gammas or --sigmas.
  const methods = grid.methods ?? DEFAULT_GRID.methods;
  refuseUnreadGridFlags(methods, {
    norms: values.norms !== undefined,
    rrfKs: values['rrf-ks'] !== undefined,
    weightStep: values['weight-step'] !== undefined,
  });
  for (const c of METHOD_CONSTANTS)
    if (values[c.grid] !== undefined && methods.every((m) => !fusionMethod(m).params.includes(c.name)))
      throw new InputError(
        `--${c.grid} applies to ${methodsTaking(c.name).join(', ')} only, not ${methods.join(', ')}${grid.methods ? '' : ' (the default --methods)'}`,
      );
  return grid;
}

/** tune's --gammas and --sigmas (METHOD_CONSTANTS): values each checked against its method's bounds, kept once. */
function constantGridFlags(values: Partial<Record<MethodConstant['grid'], string>>): Partial<GridSpec> {
  const grid: Partial<GridSpec> = {};
  for (const c of METHOD_CONSTANTS) {
    const value = values[c.grid];
    if (value !== undefined) grid[c.grid] = nameList(c.grid, value, (f, v) => decimal(f, v, c.valid, c.expected));
  }
  return grid;
}

/**
 * Refuses a grid flag that none of `methods` reads, naming what each reads instead: --norms
 * without a method that reads normalised scores, --rrf-ks without one taking `rrf_k`,
 * --weight-step without one taking `weights` (the method rows' `params`). Accepting them would
 * search a grid other than the one asked for, silently.
 */
export function refuseUnreadGridFlags(
  methods: readonly FusionMethodName[],
  given: { norms: boolean; rrfKs: boolean; weightStep: boolean },
): void {
  const rows = methods.map((m) => fusionMethod(m));
  const takers = (param: FusionParam) => methodsTaking(param).join(', ');
  if (given.norms && rows.every((m) => methodInput(m) !== 'normalised scores')) {
    throw new InputError(
      `--norms applies to the score methods (${normedMethodNames().join(', ')}); ${rows.map(whatItReads).join(', ')}`,
    );
  }
  if (given.rrfKs && rows.every((m) => !m.params.includes('rrf_k')))
    throw new InputError(`--rrf-ks applies to ${takers('rrf_k')} only, not ${methods.join(', ')}`);
  if (given.weightStep && rows.every((m) => !m.params.includes('weights')))
    throw new InputError(
      `--weight-step applies to the weighted methods (${takers('weights')}) only; ${methods.join(', ')} ${methods.length === 1 ? 'keeps' : 'keep'} equal weights`,
    );
}

/** What a method that takes no norm reads, as the refusal of --norm / --norms says it: "rrf reads ranks only". */
export function whatItReads(m: FusionMethodRow): string {
  return `${m.name} reads ${methodInput(m) === 'ranks' ? 'ranks only' : 'raw scores and normalises them itself'}`;
}

/** --weight-step X: the weight grid's step, as the whole number of steps 1/X (0.1 -> 10). */
function weightStepsOption(value: string): number {
  const step = decimal(
    'weight-step',
    value,
    (n) => n > 0 && n <= 1,
    'a number in (0, 1] whose inverse is a whole number (0.1, 0.25, 0.5)',
  );
  const steps = Math.round(1 / step);
  if (Math.abs(steps * step - 1) > 1e-9 || steps > 100)
    throw new InputError(`--weight-step must divide 1 into at most 100 steps (0.1, 0.25, 0.5), got "${value}"`);
  return steps;
}
