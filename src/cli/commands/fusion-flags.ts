import path from 'node:path';
import { InputError } from '../../errors.js';
import { normedMethodNames, weightedMethodNames } from '../../fusion/method-help.js';
import { fusionMethod, fusionMethodNames } from '../../fusion/method-registry.js';
import { methodInput } from '../../fusion/method-spec.js';
import type { FusionMethodName, FusionMethodRow } from '../../fusion/method-table.js';
import { isTrainedMethod } from '../../fusion/trained/trained-methods.js';
import { normNames } from '../../fusion/norm-registry.js';
import type { NormName } from '../../fusion/norm-table.js';
import type { RunFile } from '../../fusion/run-coverage.js';
import { indexRunFile } from '../../fusion/run-file-index.js';
import { indexedSource, type TuneSource } from '../../fusion/tune/tune-run-files.js';
import { DEFAULT_GRID, type GridSpec } from '../../fusion/tune/settings-grid.js';
import { constantGrid, type ConstantFlagValues } from './constant-flags.js';
import { decimal, nameList } from './flag-values.js';

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
 * The tuning grid from --methods, --norms, --weight-step and the constants' --grid NAME=A,B (and
 * the flags they had before, --rrf-ks, --gammas, --sigmas: constant-flags.ts); a flag not given
 * is left to the grid's default. A grid flag that none of the methods (--methods, or the
 * default ones) reads is refused, as `fuse` refuses --norm with rrf.
 */
export function gridFlags(
  values: ConstantFlagValues & { methods?: string; norms?: string; 'weight-step'?: string },
): Partial<GridSpec> {
  const grid: Partial<GridSpec> = {
    ...(values.methods !== undefined && { methods: nameList('methods', values.methods, methodName) }),
    ...(values.norms !== undefined && { norms: nameList('norms', values.norms, normName) }),
    ...(values['weight-step'] !== undefined && { weightSteps: weightStepsOption(values['weight-step']) }),
  };
  const methods = grid.methods ?? DEFAULT_GRID.methods;
  refuseUnreadGridFlags(methods, {
    norms: values.norms !== undefined,
    weightStep: values['weight-step'] !== undefined,
  });
  const constants = constantGrid(values, methods, grid.methods === undefined);
  return { ...grid, ...(Object.keys(constants).length > 0 && { constants }) };
}

/**
 * Refuses a grid flag that none of `methods` reads, naming what each reads instead: --norms
 * without a method that reads normalised scores, --weight-step without one taking `weights`
 * (the method rows' `params`; constantGrid refuses a constant's values the same way). Accepting
 * them would search a grid other than the one asked for, silently.
 */
export function refuseUnreadGridFlags(
  methods: readonly FusionMethodName[],
  given: { norms: boolean; weightStep: boolean },
): void {
  const rows = methods.map((m) => fusionMethod(m));
  if (given.norms && rows.every((m) => methodInput(m) !== 'normalised scores')) {
    throw new InputError(
      `--norms applies to the score methods (${normedMethodNames().join(', ')}); ${rows.map(whatItReads).join(', ')}`,
    );
  }
  if (given.weightStep && rows.every((m) => !m.params.includes('weights')))
    throw new InputError(
      `--weight-step applies to the weighted methods (${weightedMethodNames().join(', ')}) only; ${methods.join(', ')} ${methods.length === 1 ? 'keeps' : 'keep'} equal weights`,
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
