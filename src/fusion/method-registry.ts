import { Registry } from '../registry.js';
import { acceptsValue, defaultGrid, FUSION_BLOCK_FIELDS, type MethodConstant } from './method-constant.js';
import { constantsOf, readsConstant } from './method-spec.js';
import { METHOD_TABLE, type FusionMethodName, type FusionMethodRow } from './method-table.js';

const methods = new Registry<FusionMethodRow>('a fusion method', METHOD_TABLE);

/**
 * The fusion methods known now, built-in then registered: --method, the tuner's default grid,
 * `testbed fuse --help` and a pipeline's `fusion.method` are computed from this on each use.
 */
export function fusionMethods(): readonly FusionMethodRow[] {
  return methods.rows();
}

/** Their names, in listing order. A registered method's name is typed as a name too: it is one, now. */
export function fusionMethodNames(): FusionMethodName[] {
  return methods.names() as FusionMethodName[];
}

/** The row of a method name; an Error for a name not registered (names from users are checked before). */
export function fusionMethod(name: string): FusionMethodRow {
  const row = methods.get(name);
  if (row === undefined) throw new Error(`no fusion method is named ${JSON.stringify(name)}`);
  return row;
}

/**
 * Every constant the methods known now read, once each (methods that share one list the same
 * declaration), in the order of the methods: the pipeline's fusion fields, --param, --grid and
 * their help are generated from these.
 */
export function fusionConstants(): MethodConstant[] {
  const seen = new Map<string, MethodConstant>();
  for (const m of fusionMethods()) for (const c of constantsOf(m)) if (!seen.has(c.name)) seen.set(c.name, c);
  return [...seen.values()];
}

/** The constant of that name some method reads now; undefined when none does. */
export function fusionConstant(name: string): MethodConstant | undefined {
  return fusionConstants().find((c) => c.name === name);
}

/** The methods that read the constant (gamma: combgmnz), in listing order, as refusals name them. */
export function methodsReading(name: string): string[] {
  return fusionMethods()
    .filter((m) => readsConstant(m, name))
    .map((m) => m.name);
}

/**
 * Derives a value from the rows once per change of the registry (a method registered or
 * removed): the pipeline's fusion schema is rebuilt only when the methods change.
 */
export function perMethodsVersion<T>(make: () => T): () => T {
  let made: { version: number; value: T } | undefined;
  return () => {
    if (made?.version !== methods.version) made = { version: methods.version, value: make() };
    return made.value;
  };
}

/**
 * Adds a fusion method at run time (tests and extensions; the built-in ones are METHOD_TABLE's
 * rows) and returns the function that removes it again. Refused: a name taken or not lower
 * case, a rank method that claims to read normalised scores, and a constant that could not be
 * one field of a pipeline (constantProblem).
 */
export function registerFusionMethod(row: FusionMethodRow): () => void {
  if (!/^[a-z][a-z0-9_-]*$/.test(row.name))
    throw new Error(`a fusion method is named in lower case letters, digits, _ and -, not ${JSON.stringify(row.name)}`);
  if (row.kind === 'rank' && row.params.includes('norm'))
    throw new Error(`fusion method ${row.name} reads ranks, so it takes no norm`);
  for (const c of constantsOf(row)) {
    const problem = constantProblem(c);
    if (problem) throw new Error(`fusion method ${row.name}: constant ${JSON.stringify(c.name)} ${problem}`);
  }
  return methods.register(row);
}

/**
 * Why a constant cannot be registered, if it cannot: a name that is not snake_case or is one of
 * the fusion block's own fields; a default or grid value out of its bounds; a name another
 * method already reads with another declaration (one name is one pipeline field, with one set
 * of bounds: a method sharing a constant imports the other's declaration); and flags of its own.
 */
function constantProblem(c: MethodConstant): string | undefined {
  if (!/^[a-z][a-z0-9_]*$/.test(c.name)) return 'is not named in lower case letters, digits and _';
  if ((FUSION_BLOCK_FIELDS as readonly string[]).includes(c.name)) return "is a field of the fusion block's own";
  const outside = [c.default, ...defaultGrid(c)].find((v) => !acceptsValue(c, v));
  if (outside !== undefined) return `has ${outside} as a default or grid value, outside its bounds`;
  const taken = fusionConstant(c.name);
  if (taken)
    return taken === c ? undefined : `is already read by ${methodsReading(c.name).join(', ')}, declared otherwise`;
  // A new constant's flags are --param and --grid: a flag of its own could shadow a command's.
  if (c.aliases)
    return "has flags of its own (aliases are the built-in constants' former flags; --param sets a new one)";
  return undefined;
}
