import type { Query } from '../corpus/types.js';
import { InputError } from '../errors.js';

/** The slice value for a query with no value (missing, null, or an empty list) for a field. */
export const NO_VALUE = '(none)';

/** The queries sharing one value of one metadata field. */
export interface Slice {
  field: string;
  value: string;
  /** `field=value`, e.g. "type=identifier": how the report names the slice. */
  label: string;
  /** In the order the queries were given. */
  queryIds: string[];
}

export interface SliceMean {
  mean: number;
  /** How many of the slice's queries had a score. */
  n: number;
}

/**
 * One slice per (field, distinct value) of the queries' metadata.
 *
 * Values: strings as they are; numbers, booleans and bigints as String() writes them; a list
 * puts the query in one slice per distinct element (tags: ["billing", "sso"] -> two slices);
 * other objects as JSON. Missing, null, undefined or an empty list -> the NO_VALUE slice, so
 * the slices of a field always cover every query and none silently drops out of a report.
 *
 * Order is stable, so reports diff cleanly: fields as given; within a field, larger slices
 * first (the ones worth reading), ties by value ascending (code-unit order).
 */
export function sliceQueries(queries: readonly Query[], fields: readonly string[]): Slice[] {
  const seen = new Set<string>();
  for (const field of fields) {
    if (seen.has(field)) throw new InputError(`slice field "${field}" is listed twice`);
    seen.add(field);
  }
  return fields.flatMap((field) => {
    const byValue = new Map<string, string[]>();
    for (const q of queries) {
      for (const value of sliceValues(q.metadata[field])) {
        const ids = byValue.get(value);
        if (ids) ids.push(q.id);
        else byValue.set(value, [q.id]);
      }
    }
    return [...byValue]
      .sort(([va, a], [vb, b]) => b.length - a.length || (va < vb ? -1 : va > vb ? 1 : 0))
      .map(([value, queryIds]) => ({ field, value, label: `${field}=${value}`, queryIds }));
  });
}

/** The distinct slice values one metadata value puts a query in (never none: see NO_VALUE). */
export function sliceValues(raw: unknown): string[] {
  const values = Array.isArray(raw) ? raw.map(scalarValue) : [scalarValue(raw)];
  return values.length === 0 ? [NO_VALUE] : [...new Set(values)];
}

function scalarValue(raw: unknown): string {
  if (raw === undefined || raw === null) return NO_VALUE;
  if (typeof raw === 'string') return raw;
  if (typeof raw === 'number' || typeof raw === 'boolean' || typeof raw === 'bigint') return String(raw);
  return JSON.stringify(raw);
}

/**
 * Mean of the per-query scores over the slice's queries that have one. n counts them, so a
 * report can show how much a slice mean rests on. n = 0 gives mean NaN, not a 0 that would
 * read as a real score.
 */
export function sliceMean(perQuery: ReadonlyMap<string, number>, slice: Pick<Slice, 'queryIds'>): SliceMean {
  let total = 0;
  let n = 0;
  for (const id of slice.queryIds) {
    const score = perQuery.get(id);
    if (score === undefined) continue;
    total += score;
    n++;
  }
  return { mean: n > 0 ? total / n : NaN, n };
}

export interface SliceGap {
  a: SliceMean;
  b: SliceMean;
  /** mean_b - mean_a: with the defaults, how much higher synthetic queries score than real ones. */
  gap: number;
}

/**
 * The gap between two values of one field, by default real vs synthetic queries:
 *
 *   gap = mean(score | field = b) - mean(score | field = a)
 *
 * A positive gap with the defaults says generated queries are easier than real ones, a
 * common sign that they copy the wording of the passage they were written from. The two
 * groups are different queries, so this is a difference of means, not a paired test.
 * undefined unless both slices exist and each has at least one scored query.
 */
export function pairedSliceGap(
  perQuery: ReadonlyMap<string, number>,
  slices: readonly Slice[],
  field = 'source',
  a = 'real',
  b = 'synthetic',
): SliceGap | undefined {
  const find = (value: string) => slices.find((s) => s.field === field && s.value === value);
  const sliceA = find(a);
  const sliceB = find(b);
  if (!sliceA || !sliceB) return undefined;
  const meanA = sliceMean(perQuery, sliceA);
  const meanB = sliceMean(perQuery, sliceB);
  if (meanA.n === 0 || meanB.n === 0) return undefined;
  return { a: meanA, b: meanB, gap: meanB.mean - meanA.mean };
}
