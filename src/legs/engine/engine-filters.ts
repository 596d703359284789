import type { Condition, FilterSpec } from '../../schemas/filter-spec.js';

/**
 * A pipeline filter (schemas/filter-spec.ts) in an engine's own filter syntax, for the documents
 * `testbed push` writes: `lang` is a top-level field of each chunk (as in our index), every
 * other key a field of `metadata`. All conditions must hold, as locally. The engine's answer is
 * still checked against our compiled filter (remote-hits.ts), so an engine whose mapping makes
 * a condition match differently can only lose hits, never add ones the filter excludes.
 */
export function fieldOf(key: string): string {
  return key === 'lang' ? 'lang' : `metadata.${key}`;
}

type Range = { gt?: number; gte?: number; lt?: number; lte?: number };

function isRange(c: Condition): c is Range {
  return typeof c === 'object' && !('in' in c);
}

/**
 * OpenSearch and Elasticsearch: `bool.filter` clauses, term / terms / range. `testbed push` maps
 * `metadata` dynamically, so a string field there is `text` with a `.keyword` sub-field; a
 * string condition on metadata is sent for either (the field or its `.keyword`), which matches
 * whichever of the two the index has. `lang` is a keyword field of its own.
 */
export function searchEngineFilterClauses(filter: FilterSpec | undefined): object[] {
  return Object.entries(filter ?? {}).map(([key, c]) => {
    const field = fieldOf(key);
    if (isRange(c)) return { range: { [field]: c } };
    const values = typeof c === 'object' ? c.in : [c];
    const term = (f: string) => (typeof c === 'object' ? { terms: { [f]: values } } : { term: { [f]: c } });
    if (key === 'lang' || !values.some((v) => typeof v === 'string')) return term(field);
    return { bool: { should: [term(field), term(`${field}.keyword`)], minimum_should_match: 1 } };
  });
}

/** As a query, for `knn.filter`, a `bool.filter` or a user body's {{filter}}: matches all when there are no conditions. */
export function searchEngineFilter(filter: FilterSpec | undefined): object {
  return { bool: { filter: searchEngineFilterClauses(filter) } };
}

type QdrantCondition =
  | { key: string; match: { value: string | number | boolean } | { any: (string | number)[] } }
  | { key: string; range: Range }
  | { should: QdrantCondition[] };

/**
 * Qdrant: `{must: [...]}` with match / range conditions on payload keys. Qdrant matches keywords,
 * integers and booleans exactly but not floats, so equality with a fractional number is the
 * range [v, v], and an `in` list holding one (or a boolean, which `match.any` does not take) is
 * a `should` of single conditions.
 */
export function qdrantFilter(filter: FilterSpec | undefined): { must: QdrantCondition[] } {
  return { must: Object.entries(filter ?? {}).map(([key, c]) => qdrantCondition(fieldOf(key), c)) };
}

function qdrantCondition(key: string, c: Condition): QdrantCondition {
  if (isRange(c)) return { key, range: c };
  if (typeof c === 'object') {
    const plain = c.in.every((v) => typeof v === 'string' || Number.isInteger(v));
    return plain
      ? { key, match: { any: c.in as (string | number)[] } }
      : { should: c.in.map((v) => qdrantCondition(key, v)) };
  }
  if (typeof c === 'number' && !Number.isInteger(c)) return { key, range: { gte: c, lte: c } };
  return { key, match: { value: c } };
}
