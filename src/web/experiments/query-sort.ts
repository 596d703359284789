import { InputError } from '../../errors.js';
import type { SortKey } from '../../reports/per-query-table.js';

/**
 * The per-query page's `sort=` parameter: `query`, `slice:FIELD`, `value:CONFIG` or
 * `delta:CONFIG`, as the page's column headings write it (sortParam). Undefined when absent.
 */
export function parseSort(param: string | undefined): SortKey | undefined {
  if (param === undefined || param === '') return undefined;
  if (param === 'query') return { by: 'query' };
  const colon = param.indexOf(':');
  const kind = param.slice(0, colon);
  const name = param.slice(colon + 1);
  if (colon > 0 && name) {
    if (kind === 'slice') return { by: 'slice', field: name };
    if (kind === 'value' || kind === 'delta') return { by: kind, config: name };
  }
  throw new InputError(`sort must be query, slice:FIELD, value:CONFIG or delta:CONFIG, got "${param}"`);
}

/** A sort key as the `sort=` parameter writes it. */
export function sortParam(key: SortKey): string {
  return key.by === 'query' ? 'query' : key.by === 'slice' ? `slice:${key.field}` : `${key.by}:${key.config}`;
}
