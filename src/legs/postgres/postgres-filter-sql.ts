import type { Condition, FilterSpec } from '../../schemas/filter-spec.js';
import { BOUNDS } from '../../store/filter-sql.js';

/** A filter as one SQL condition and its parameters, numbered from the `first` given. */
export interface PostgresFilterSql {
  where: string;
  params: unknown[];
}

type Scalar = string | number | boolean;

/**
 * A pipeline filter (schemas/filter-spec.ts) as a WHERE condition over a table that `testbed
 * push --to postgres` wrote: `lang` a text column, every other key a path into the `metadata`
 * jsonb column (dots for nested objects). Every value and every path is a `$n` parameter, so
 * nothing a user writes is ever parsed as SQL. Conditions are ANDed in sorted key order.
 *
 * The semantics are those of the local filter (store/filter-sql.ts): equality compares JSON
 * values with their type (jsonb `=`: "2020" never meets 2020, true never meets 1, 2020 meets
 * 2020.0), a range holds for numbers only, and a document lacking the field fails every condition
 * on it (the path gives NULL). The leg still checks each hit against the compiled local filter.
 */
export function postgresFilterSql(filter: FilterSpec | undefined, first: number): PostgresFilterSql {
  const params: unknown[] = [];
  const param = (value: unknown, cast: string) => {
    params.push(value);
    return `$${first + params.length - 1}::${cast}`;
  };
  const parts = Object.keys(filter ?? {})
    .sort()
    .map((key) => conditionSql(key, filter![key]!, param));
  return { where: parts.length ? parts.join(' AND ') : 'TRUE', params };
}

function conditionSql(key: string, c: Condition, param: (value: unknown, cast: string) => string): string {
  if (key === 'lang') {
    const codes = (isIn(c) ? c.in : [c]).map((v) => String(v).toLowerCase());
    return `lower(lang) = ANY(${param(codes, 'text[]')})`;
  }
  const path = param(key.split('.'), 'text[]');
  if (isIn(c) || typeof c !== 'object') {
    const values = (isIn(c) ? c.in : [c]).map((v: Scalar) => JSON.stringify(v));
    return `(metadata #> ${path}) = ANY(${param(values, 'jsonb[]')})`;
  }
  const number = `(CASE WHEN jsonb_typeof(metadata #> ${path}) = 'number' THEN (metadata #>> ${path})::numeric END)`;
  const bounds = BOUNDS.filter(([name]) => c[name] !== undefined).map(
    ([name, op]) => `${number} ${op} ${param(c[name], 'numeric')}`,
  );
  return `(${bounds.join(' AND ')})`;
}

function isIn(c: Condition): c is { in: Scalar[] } {
  return typeof c === 'object' && 'in' in c;
}
