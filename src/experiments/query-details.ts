import type { Query } from '../corpus/types.js';
import type { QueryDetail } from '../reports/report-model.js';
import { sliceValues } from './slices.js';

/**
 * What the per-query views need of each scored query and the report's per-query values lack: its
 * text, and per slice field the slice values it falls in (sliceValues, so a query's values are
 * exactly the slices it counts in). Only the given queries: the report's answerable ones.
 */
export function queryDetails(queries: readonly Query[], fields: readonly string[]): Record<string, QueryDetail> {
  return Object.fromEntries(
    queries.map((q) => [
      q.id,
      { text: q.text, slices: Object.fromEntries(fields.map((f) => [f, sliceValues(q.metadata[f])])) },
    ]),
  );
}
