import { Registry } from '../registry.js';
import { NORM_TABLE, type NormName, type NormRow } from './norm-table.js';

const norms = new Registry<NormRow>('a normalisation', NORM_TABLE);

/** The normalisations known now, built-in then registered; every list of them is computed from this on each use. */
export function normRows(): readonly NormRow[] {
  return norms.rows();
}

/** Their names, in listing order. */
export function normNames(): NormName[] {
  return norms.names() as NormName[];
}

/** The row of a normalisation name; an Error for a name not registered (names from users are checked before). */
export function normRow(name: string): NormRow {
  const row = norms.get(name);
  if (row === undefined) throw new Error(`no normalisation is named ${JSON.stringify(name)}`);
  return row;
}

/**
 * Adds a normalisation at run time and returns the function that removes it again; refused: a
 * name taken or not lower case, and a row with both or neither of `normalise` (one list at a
 * time) and `normaliseQuery` (all the query's lists).
 */
export function registerNorm(row: NormRow): () => void {
  if (!/^[a-z][a-z0-9_-]*$/.test(row.name))
    throw new Error(`a normalisation is named in lower case letters, digits, _ and -, not ${JSON.stringify(row.name)}`);
  if ((row.normalise === undefined) === (row.normaliseQuery === undefined))
    throw new Error(
      `normalisation ${row.name} needs exactly one of normalise (per list) and normaliseQuery (all lists)`,
    );
  return norms.register(row);
}
