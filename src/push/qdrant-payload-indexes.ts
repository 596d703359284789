import { fieldOf } from '../legs/engine/engine-filters.js';
import type { FilterField } from '../store/filter-fields.js';

/** The body of Qdrant's `PUT /collections/<name>/index` ("create payload index"). */
export interface PayloadIndex {
  field_name: string;
  field_schema: 'keyword' | 'integer' | 'float' | 'bool';
}

/**
 * The payload indexes that serve the filters a qdrant leg sends (engine-filters.ts): one per
 * filter field of the index, at the payload path the push writes it to (`lang`, or
 * `metadata.<key>` in dot notation, which Qdrant takes for nested fields), typed by the values
 * it holds. Qdrant's indexing guide: `keyword` serves Match on strings, `integer` Match and
 * Range on integers, `float` Range on numbers, `bool` Match on booleans. A field holding integers
 * and fractions gets `float` (the qdrant leg filters such equality as a range [v, v]). A field of
 * mixed kinds (strings and numbers, say) gets none: an index has one type, and values of the
 * others would be left out of it; Qdrant still filters on it, without an index.
 */
export function payloadIndexes(fields: readonly FilterField[]): PayloadIndex[] {
  const out: PayloadIndex[] = [];
  for (const { key, types } of fields) {
    const schema = schemaOf(types);
    if (schema) out.push({ field_name: fieldOf(key), field_schema: schema });
  }
  return out;
}

function schemaOf(types: readonly string[]): PayloadIndex['field_schema'] | undefined {
  const kinds = types.join(',');
  if (kinds === 'string') return 'keyword';
  if (kinds === 'integer') return 'integer';
  if (kinds === 'real' || kinds === 'integer,real') return 'float';
  if (kinds === 'boolean') return 'bool';
  return undefined;
}
