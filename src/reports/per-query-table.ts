import { InputError } from '../errors.js';
import { countOutcomes, metricColumn, outcomeOf, type Outcome, type OutcomeCounts } from './diff/outcome.js';
import { queryText } from './query-text.js';
import { configKind, type ExperimentReport } from './report-model.js';

/** One answerable query of a report: its value per configuration and each one's difference from the baseline. */
export interface PerQueryRow {
  id: string;
  text?: string;
  /** Slice field -> the query's values (empty in a report saved before queryDetails). */
  slices: Record<string, string[]>;
  /** Configuration -> its value of the table's metric (absent: the configuration did not score the query). */
  values: Record<string, number | undefined>;
  /** Configuration (not the baseline) -> value − baseline's value, with its outcome (a tie at the printed precision). */
  deltas: Record<string, { delta: number; outcome: Outcome } | undefined>;
}

/** A column the table sorts by: the query id, a slice field, a configuration's value or its delta. */
export type SortKey = { by: 'query' } | { by: 'slice'; field: string } | { by: 'value' | 'delta'; config: string };

export interface PerQueryTable {
  metric: string;
  /** Every metric the per-query values hold, for the page's selector. */
  metrics: string[];
  baseline: string;
  configs: string[];
  sliceFields: string[];
  /** Each configuration but the baseline, against it query by query. */
  counts: { config: string; counts: OutcomeCounts }[];
  rows: PerQueryRow[];
}

export interface PerQueryOptions {
  metric?: string;
  baseline?: string;
  sort?: SortKey;
  descending?: boolean;
}

/**
 * A report's answerable queries, one row each, on one metric (the primary by default) against a
 * baseline configuration (defaultBaseline unless chosen): the table behind the report's
 * per-query page. Rows come in the report's query order unless sorted; a sort puts queries
 * without a value last whatever the direction, and keeps that order among equals.
 */
export function perQueryTable(r: ExperimentReport, options: PerQueryOptions = {}): PerQueryTable {
  const metrics = [...new Set([...r.metrics, ...Object.keys(r.configs[0]?.means ?? {})])].filter((m) =>
    r.configs.some((c) => m in c.means),
  );
  const metric = options.metric ?? metrics[0];
  if (metric === undefined || !metrics.includes(metric))
    throw new InputError(`metric "${options.metric}" is not one this report scored; it has ${metrics.join(', ')}`);
  const configs = r.configs.map((c) => c.name);
  const baseline = options.baseline ?? defaultBaseline(r, metric);
  if (!configs.includes(baseline))
    throw new InputError(`baseline "${baseline}" is not a configuration of this report; it has ${configs.join(', ')}`);
  const columns = new Map(r.configs.map((c) => [c.name, metricColumn(c.perQuery, metric)]));
  const base = columns.get(baseline)!;
  const ids = queryOrder(r);
  const rows = ids.map((id): PerQueryRow => {
    const text = queryText(r, id);
    const values = Object.fromEntries(configs.map((name) => [name, columns.get(name)![id]]));
    const b = base[id];
    const deltas = Object.fromEntries(
      configs
        .filter((name) => name !== baseline)
        .map((name) => {
          const v = values[name];
          const scored = v !== undefined && b !== undefined && Number.isFinite(v) && Number.isFinite(b);
          return [name, scored ? { delta: v - b, outcome: outcomeOf(v, b) } : undefined];
        }),
    );
    return { id, ...(text !== undefined && { text }), slices: r.queryDetails?.[id]?.slices ?? {}, values, deltas };
  });
  if (options.sort) sortRows(rows, options.sort, options.descending === true);
  return {
    metric,
    metrics,
    baseline,
    configs,
    sliceFields: r.sliceFields,
    counts: configs
      .filter((n) => n !== baseline)
      .map((config) => ({ config, counts: countOutcomes(columns.get(config)!, base) })),
    rows,
  };
}

/**
 * The baseline a per-query view compares with unless told: the report's own baseline when it
 * names a configuration of the report, else the best single retriever (the highest mean on the
 * metric among configurations that are not fused; the first of them on a tie), else the first.
 */
export function defaultBaseline(r: ExperimentReport, metric: string): string {
  if (r.configs.some((c) => c.name === r.baseline)) return r.baseline;
  const singles = r.configs.filter((c) => configKind(c) !== 'fused');
  const pool = singles.length ? singles : r.configs;
  let best = pool[0];
  for (const c of pool) if ((c.means[metric] ?? -Infinity) > (best?.means[metric] ?? -Infinity)) best = c;
  return best?.name ?? '';
}

/** The report's query ids: queryDetails' order, then any other a configuration scored, in its order. */
function queryOrder(r: ExperimentReport): string[] {
  const ids = new Set(Object.keys(r.queryDetails ?? {}));
  for (const c of r.configs) for (const id of Object.keys(c.perQuery)) ids.add(id);
  return [...ids];
}

function sortRows(rows: PerQueryRow[], key: SortKey, descending: boolean): void {
  const sign = descending ? -1 : 1;
  const keyOf = (row: PerQueryRow): string | number | undefined => {
    switch (key.by) {
      case 'query':
        return row.id;
      case 'slice':
        return row.slices[key.field]?.join(';');
      case 'value':
        return row.values[key.config];
      case 'delta':
        return row.deltas[key.config]?.delta;
    }
  };
  const keyed = rows.map((row, i) => ({ row, i, k: keyOf(row) }));
  keyed.sort((x, y) => {
    const missingX = x.k === undefined || (typeof x.k === 'number' && Number.isNaN(x.k));
    const missingY = y.k === undefined || (typeof y.k === 'number' && Number.isNaN(y.k));
    if (missingX || missingY) return missingX === missingY ? x.i - y.i : missingX ? 1 : -1;
    const c = x.k! < y.k! ? -1 : x.k! > y.k! ? 1 : 0;
    return c * sign || x.i - y.i;
  });
  keyed.forEach((k, i) => (rows[i] = k.row));
}
