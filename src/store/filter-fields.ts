import type Database from 'better-sqlite3';
import { FIELD_NAME } from '../schemas/filter-spec.js';

/** A JSON leaf type as a filter condition compares it (filter-sql.ts: each value only with fields of its own type). */
export type LeafType = 'string' | 'integer' | 'real' | 'boolean';

/** A key a pipeline filter can name in this index, and the JSON types its values have. */
export interface FilterField {
  /** `lang`, or a metadata field: `year`, `source.kind`. */
  key: string;
  types: LeafType[];
}

const SQLITE_TYPES: Record<string, LeafType> = {
  text: 'string',
  integer: 'integer',
  real: 'real',
  true: 'boolean',
  false: 'boolean',
};

/** One segment of a json_tree `fullkey`: `.name` or `."quoted name"` (a JSON string). */
const SEGMENT = /\.(?:"((?:[^"\\]|\\.)*)"|([^."[]+))/y;

/**
 * The keys a filter can match in this index, sorted: `lang` when any chunk has a language, and
 * every metadata field holding a string, a number or a boolean in some document, found by one
 * json_tree pass over the documents' metadata. A filter reads a metadata field by its JSON path
 * of object keys (filter-sql.ts), so a value inside an array is no filter field, nor is a key that
 * FIELD_NAME cannot spell, nor a top-level metadata `lang` (the filter key `lang` is the chunk's
 * stored language).
 */
export function filterFields(db: Database.Database): FilterField[] {
  const rows = db
    .prepare(
      `SELECT t.fullkey AS key, t.type AS type FROM documents d, json_tree(d.metadata) t
       WHERE d.metadata IS NOT NULL AND t.type IN ('text', 'integer', 'real', 'true', 'false')
       GROUP BY t.fullkey, t.type`,
    )
    .all() as { key: string; type: string }[];
  const types = new Map<string, Set<LeafType>>();
  for (const row of rows) {
    const key = filterKeyOf(row.key);
    if (key === undefined || key === 'lang') continue;
    let set = types.get(key);
    if (!set) types.set(key, (set = new Set()));
    set.add(SQLITE_TYPES[row.type]!);
  }
  const hasLang = db.prepare('SELECT EXISTS (SELECT 1 FROM chunks WHERE lang IS NOT NULL) AS has').get() as {
    has: number;
  };
  if (hasLang.has === 1) types.set('lang', new Set(['string']));
  return [...types.keys()].sort().map((key) => ({ key, types: [...types.get(key)!].sort() }));
}

/** `$.source."kind"` -> `source.kind`; undefined for a path through an array or a key a filter cannot name. */
function filterKeyOf(fullkey: string): string | undefined {
  if (!fullkey.startsWith('$')) return undefined;
  const segments: string[] = [];
  for (let i = 1; i < fullkey.length; ) {
    SEGMENT.lastIndex = i;
    const m = SEGMENT.exec(fullkey);
    if (!m) return undefined;
    segments.push(m[1] !== undefined ? (JSON.parse(`"${m[1]}"`) as string) : m[2]!);
    i = SEGMENT.lastIndex;
  }
  const key = segments.join('.');
  return segments.length > 0 && segments.every((s) => !s.includes('.')) && FIELD_NAME.test(key) ? key : undefined;
}
