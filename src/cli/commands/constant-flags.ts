import { InputError } from '../../errors.js';
import {
  acceptsValue,
  type ConstantValues,
  defaultGrid,
  expectedValue,
  type MethodConstant,
} from '../../fusion/method-constant.js';
import { fusionConstant, fusionConstants, fusionMethod, methodsReading } from '../../fusion/method-registry.js';
import { readsConstant } from '../../fusion/method-spec.js';
import type { FusionMethodName } from '../../fusion/method-table.js';
import { decimal, nameList } from './flag-values.js';

/**
 * The flags that set the constants of the methods' formulas, generated from the method rows
 * (method-constant.ts): `fuse --param NAME=X` and `tune --grid NAME=A,B`, each repeatable, and
 * the flags the built-in constants had before them (`--rrf-k`, `--gammas`...), kept as aliases.
 */
type Command = 'fuse' | 'tune';

/** The values parseArgs read, by option name: --param / --grid as lists, an alias as a string. */
export type ConstantFlagValues = Readonly<Record<string, unknown>>;

const GENERIC = { fuse: 'param', tune: 'grid' } as const;

/** The parseArgs options of a command's constant flags: the generic one (repeatable) and each alias. */
export function constantOptions(command: Command): Record<string, { type: 'string'; multiple?: boolean }> {
  return {
    [GENERIC[command]]: { type: 'string', multiple: true },
    ...Object.fromEntries(aliased(command).map(([alias]) => [alias, { type: 'string' as const }])),
  };
}

/** The constants with a flag of their own for the command, as [flag, constant]. */
function aliased(command: Command): [string, MethodConstant][] {
  return fusionConstants().flatMap((c) => (c.aliases ? [[c.aliases[command], c] as [string, MethodConstant]] : []));
}

/** One constant as a flag gave it: the flag as spelled (`gammas`, `grid gamma`), for messages, and its text. */
interface GivenConstant {
  constant: MethodConstant;
  flag: string;
  text: string;
}

/**
 * The constants a command's flags give, aliases first: `--param NAME=X` must name a constant
 * some method reads, and no constant may be given twice (by an alias and --param, say).
 */
function givenConstants(values: ConstantFlagValues, command: Command): GivenConstant[] {
  const given: GivenConstant[] = [];
  for (const [alias, c] of aliased(command)) {
    const text = values[alias];
    if (typeof text === 'string') given.push({ constant: c, flag: alias, text });
  }
  const generic = GENERIC[command];
  const items = values[generic];
  for (const item of Array.isArray(items) ? (items as string[]) : []) {
    const at = item.indexOf('=');
    const name = item.slice(0, Math.max(at, 0)).trim();
    if (at < 0 || name === '')
      throw new InputError(
        `--${generic} needs NAME=${command === 'fuse' ? 'X (rrf_k=20)' : 'A,B,... (rrf_k=20,60)'}, got "${item}"`,
      );
    const c = fusionConstant(name);
    if (!c)
      throw new InputError(
        `--${generic} ${name}: no fusion method reads a constant of that name; the constants are ${constantList()}`,
      );
    given.push({ constant: c, flag: `${generic} ${name}`, text: item.slice(at + 1) });
  }
  const first = new Map<string, string>();
  for (const { constant, flag } of given) {
    const before = first.get(constant.name);
    if (before) throw new InputError(`--${flag} sets ${constant.name} again (--${before} set it); give it once`);
    first.set(constant.name, flag);
  }
  return given;
}

/** "rrf_k (rrf), gamma (combgmnz), ...": every constant with the methods that read it. */
function constantList(): string {
  return fusionConstants()
    .map((c) => `${c.name} (${methodsReading(c.name).join(', ')})`)
    .join(', ');
}

/** The spellings of the tune flags that gave constants (`rrf-ks`, `grid phi`), for the refusals of trained-flags.ts. */
export function givenGridFlags(values: ConstantFlagValues): string[] {
  return givenConstants(values, 'tune').map((g) => g.flag);
}

/**
 * `fuse --param NAME=X` (and --rrf-k, --gamma, --sigma): each value checked against its
 * constant's bounds, and refused for a method that does not read it, as --norm is for rrf.
 */
export function fuseConstants(values: ConstantFlagValues, method: FusionMethodName): ConstantValues {
  const row = fusionMethod(method);
  const constants: Record<string, number> = {};
  for (const { constant: c, flag, text } of givenConstants(values, 'fuse')) {
    if (!readsConstant(row, c.name))
      throw new InputError(`--${flag} applies to ${methodsReading(c.name).join(', ')} only, not ${method}`);
    constants[c.name] = decimal(flag, text, (n) => acceptsValue(c, n), expectedValue(c));
  }
  return constants;
}

/**
 * `tune --grid NAME=A,B` (and --rrf-ks, --gammas, --sigmas): the values tried for each constant
 * given, each checked against its bounds and kept once; a constant none of `methods` reads is
 * refused (`byDefault`: they are the default --methods, and the refusal says so).
 */
export function constantGrid(
  values: ConstantFlagValues,
  methods: readonly FusionMethodName[],
  byDefault: boolean,
): Record<string, number[]> {
  const given = givenConstants(values, 'tune');
  const grid = Object.fromEntries(
    given.map(({ constant: c, flag, text }) => [
      c.name,
      nameList(flag, text, (f, v) => decimal(f, v, (n) => acceptsValue(c, n), expectedValue(c))),
    ]),
  );
  for (const { constant: c, flag } of given)
    if (methods.every((m) => !readsConstant(fusionMethod(m), c.name)))
      throw new InputError(
        `--${flag} applies to ${methodsReading(c.name).join(', ')} only, not ${methods.join(', ')}${byDefault ? ' (the default --methods)' : ''}`,
      );
  return grid;
}

// The option column of fuse's and tune's --help: 2 spaces, the flag, its description at column 22.
const COLUMN = 22;

/** fuse --help's --param entry: the option, then each constant with its methods, default, bounds and alias. */
export function paramHelpLines(): string[] {
  const pad = ' '.repeat(COLUMN);
  return [
    `  ${'--param NAME=X'.padEnd(COLUMN - 2)}sets a constant of the method's formula (repeatable); refused for`,
    `${pad}a method that does not read it, and out of its bounds:`,
    ...fusionConstants().flatMap((c) => [
      `    ${c.name.padEnd(COLUMN - 4)}${c.help} (${methodsReading(c.name).join(', ')}), default ${c.default};`,
      `${pad}${expectedValue(c)}${c.aliases ? `; also --${c.aliases.fuse} X` : ''}`,
    ]),
  ];
}

/** tune --help's --grid entry: the option, then each constant with its methods, bounds, default values and alias. */
export function gridHelpLines(): string[] {
  const pad = ' '.repeat(COLUMN);
  return [
    `  ${'--grid NAME=A,B,...'.padEnd(COLUMN - 2)}the values tried for a constant of the methods' formulas`,
    `${pad}(repeatable); refused when no method of --methods reads it:`,
    ...fusionConstants().flatMap((c) => [
      `    ${c.name.padEnd(COLUMN - 4)}for ${methodsReading(c.name).join(', ')}, default ${defaultGrid(c).join(',')};`,
      `${pad}each ${expectedValue(c)}${c.aliases ? `; also --${c.aliases.tune} LIST` : ''}`,
    ]),
  ];
}

/** The lines of tune --help's "Settings searched" for the constants: `--grid NAME  for the methods reading it`. */
export function gridSearchedLines(): string[] {
  return fusionConstants().map((c) => `    ${`--grid ${c.name}`.padEnd(16)}for ${methodsReading(c.name).join(', ')}`);
}
