import { Registry } from '../registry.js';
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
 * Adds a fusion method at run time (tests and extensions; the built-in ones are METHOD_TABLE's
 * rows) and returns the function that removes it again. Refused: a name taken or not lower
 * case, and a rank method that claims to read normalised scores.
 */
export function registerFusionMethod(row: FusionMethodRow): () => void {
  if (!/^[a-z][a-z0-9_-]*$/.test(row.name))
    throw new Error(`a fusion method is named in lower case letters, digits, _ and -, not ${JSON.stringify(row.name)}`);
  if (row.kind === 'rank' && row.params.includes('norm'))
    throw new Error(`fusion method ${row.name} reads ranks, so it takes no norm`);
  return methods.register(row);
}
