import { InputError } from '../errors.js';
import type { Condition, FilterSpec } from '../schemas/filter-spec.js';

export interface FilterSql {
  where: string;
  params: (string | number)[];
}

type Scalar = string | number | boolean;

const META = 'd.metadata';
const NUMBER = `IN ('integer', 'real')`;

/**
 * A filter as one SQL condition over `chunks c` joined with `documents d` (pure, so it can be
 * pinned in tests). Only `?` placeholders carry user input, field paths included, so no value or
 * field name is ever parsed as SQL. Conditions are ANDed in sorted field order, the order of
 * filterKey, so equal filters give equal SQL text (one prepared statement). A document without
 * metadata, or without the field, gives NULL from json_type and fails every condition on it.
 */
export function filterSql(filter: FilterSpec): FilterSql {
  const parts: FilterSql[] = Object.keys(filter)
    .sort()
    .map((field) => (field === 'lang' ? langSql(filter[field]!) : fieldSql(jsonPath(field), filter[field]!)));
  if (parts.length === 0) return { where: '1', params: [] };
  return { where: parts.map((p) => p.where).join(' AND '), params: parts.flatMap((p) => p.params) };
}

/**
 * `source.kind` -> `$."source"."kind"`. Each segment is a JSON string literal, which SQLite's
 * JSON path reads with its escapes, so a name holding `"`, `.` within a segment, `]` or `)`
 * addresses that literal key instead of breaking the path.
 */
export function jsonPath(field: string): string {
  return (
    '$' +
    field
      .split('.')
      .map((segment) => '.' + JSON.stringify(segment))
      .join('')
  );
}

/** The chunk's stored language; codes are compared lower-case, as the index stores them. */
function langSql(condition: Condition): FilterSql {
  const codes = isIn(condition) ? condition.in : [condition];
  if (!codes.every((c): c is string => typeof c === 'string')) {
    throw new InputError('lang must be a language code or {"in": [codes]}', { field: 'lang' });
  }
  return { where: `lower(c.lang) ${oneOf(codes.length)}`, params: codes.map((c) => c.toLowerCase()) };
}

function fieldSql(path: string, condition: Condition): FilterSql {
  if (isIn(condition)) return inSql(path, condition.in);
  if (typeof condition === 'object') return rangeSql(path, condition);
  return inSql(path, [condition]);
}

/**
 * Equal to one of `values`, JSON type included: json_extract alone gives true as 1 (so 1 would
 * match true) and an object as its JSON text (so a string could match an object), so each value
 * is compared only with fields of its own JSON type, and "2020" never meets 2020. Booleans need
 * no value comparison at all: json_type says 'true' or 'false'.
 */
function inSql(path: string, values: readonly Scalar[]): FilterSql {
  const strings = values.filter((v): v is string => typeof v === 'string');
  const numbers = values.filter((v): v is number => typeof v === 'number');
  const booleans = values.filter((v): v is boolean => typeof v === 'boolean');
  const other = values.find((v) => !['string', 'number', 'boolean'].includes(typeof v));
  if (other !== undefined)
    throw new InputError(`a filter value is a string, a number or a boolean, got ${JSON.stringify(other)}`);
  const parts: FilterSql[] = [];
  if (strings.length > 0) {
    parts.push({
      where: `(json_type(${META}, ?) = 'text' AND json_extract(${META}, ?) ${oneOf(strings.length)})`,
      params: [path, path, ...strings],
    });
  }
  if (numbers.length > 0) {
    parts.push({
      where: `(json_type(${META}, ?) ${NUMBER} AND json_extract(${META}, ?) ${oneOf(numbers.length)})`,
      params: [path, path, ...numbers],
    });
  }
  if (booleans.length > 0) {
    parts.push({ where: `json_type(${META}, ?) ${oneOf(booleans.length)}`, params: [path, ...booleans.map(String)] });
  }
  if (parts.length === 0) return { where: '0', params: [] };
  if (parts.length === 1) return parts[0]!;
  return { where: `(${parts.map((p) => p.where).join(' OR ')})`, params: parts.flatMap((p) => p.params) };
}

/** A range condition's bounds and the SQL comparison each one is (shared by the postgres leg's filters). */
export const BOUNDS = [
  ['gt', '>'],
  ['gte', '>='],
  ['lt', '<'],
  ['lte', '<='],
] as const;

/** Numbers only: a string "2021" is not in [2020, 2022], whatever SQLite's affinity would say. */
function rangeSql(path: string, range: { gt?: number; gte?: number; lt?: number; lte?: number }): FilterSql {
  const bounds = BOUNDS.filter(([name]) => range[name] !== undefined);
  return {
    where: `(json_type(${META}, ?) ${NUMBER}${bounds.map(([, op]) => ` AND json_extract(${META}, ?) ${op} ?`).join('')})`,
    params: [path, ...bounds.flatMap(([name]) => [path, range[name]!])],
  };
}

function isIn(condition: Condition): condition is { in: Scalar[] } {
  return typeof condition === 'object' && 'in' in condition;
}

function oneOf(n: number): string {
  return n === 1 ? '= ?' : `IN (${Array(n).fill('?').join(', ')})`;
}
