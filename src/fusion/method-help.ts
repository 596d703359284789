import { fusionMethods } from './method-registry.js';
import { methodInput } from './method-spec.js';
import { normRows } from './norm-registry.js';

/** The methods that read --norm (the score methods that take `norm`), in listing order. */
export function normedMethodNames(): string[] {
  return fusionMethods()
    .filter((m) => methodInput(m) === 'normalised scores')
    .map((m) => m.name);
}

/** The methods whose parameters the run weights are (those taking `weights`, which the tuner searches), in listing order. */
export function weightedMethodNames(): string[] {
  return fusionMethods()
    .filter((m) => m.params.includes('weights'))
    .map((m) => m.name);
}

// Each table's name column is three spaces wider than its longest name (the normalisations'
// longest, minmax_inverted, would push the methods' formulas far right); each method's formula
// column is five spaces wider than the longest formula.
const nameWidth = (rows: readonly { name: string }[]) => Math.max(...rows.map((r) => r.name.length)) + 3;

/**
 * One line per fusion method for `testbed fuse --help` (name, formula, what absence gives), and
 * a second line for a method whose formula has a symbol to explain; each starts with `indent`.
 */
export function methodHelpLines(indent: string): string[] {
  const rows = fusionMethods();
  const names = nameWidth(rows);
  const formulas = Math.max(...rows.map((r) => r.formula.length)) + 5;
  return rows.flatMap((r) => [
    `${indent}${r.name.padEnd(names)}${r.formula.padEnd(formulas)}${r.absence}`,
    ...(r.where === undefined ? [] : [`${indent}${''.padEnd(names)}${r.where}`]),
  ]);
}

/** One line per normalisation for `testbed fuse --help` (name, formula); each starts with `indent`. */
export function normHelpLines(indent: string): string[] {
  const names = nameWidth(normRows());
  return normRows().map((r) => `${indent}${r.name.padEnd(names)}${r.formula}`);
}
