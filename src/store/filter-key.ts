import type { FilterSpec } from '../schemas/filter-spec.js';

/**
 * A filter's canonical JSON: object keys sorted at every depth, so `{a, b}` and `{b, a}` share
 * one compilation and one prepared statement. Arrays keep their order (an `in` list's order
 * does not change what passes, but sorting mixed scalars has no single obvious order).
 */
export function filterKey(filter: FilterSpec): string {
  return JSON.stringify(canonicalFilter(filter));
}

/** The filter with its object keys sorted at every depth: the value filterKey writes. */
export function canonicalFilter(filter: FilterSpec): FilterSpec {
  return withSortedKeys(filter) as FilterSpec;
}

/** Any JSON value with its object keys sorted at every depth (arrays keep their order). */
export function withSortedKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withSortedKeys);
  if (value === null || typeof value !== 'object') return value;
  const entries = Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return Object.fromEntries(entries.map(([k, v]) => [k, withSortedKeys(v)]));
}
