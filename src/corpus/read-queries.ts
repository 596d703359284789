import { InputError } from '../errors.js';
import type { Query } from './types.js';
import { createDuplicateCheck } from './duplicate-check.js';
import { optionalRecord, optionalStringList, requireId, requireText } from './fields.js';
import { readJsonl } from './read-jsonl.js';

/**
 * Reads a BEIR queries.jsonl: `_id` (or `id`) and `text` required, `metadata` (the tags used to
 * slice results) and `answers` (short strings for passage-level checks) optional. Duplicate ids
 * are rejected: two queries with one id would silently share judgements.
 */
export async function readQueries(file: string): Promise<Query[]> {
  const checkUnique = createDuplicateCheck(file, '_id', 'query id');
  const queries: Query[] = [];
  for await (const { line, value } of readJsonl(file)) {
    const query = queryRecord(value, { file, line });
    checkUnique(query.id, line);
    queries.push(query);
  }
  if (queries.length === 0) throw new InputError('no queries in file', { file });
  return queries;
}

/** One BEIR query line as a Query, refused with its file and line when a field is wrong: every query file's reader parses lines with it. */
export function queryRecord(value: Record<string, unknown>, at: { file: string; line: number }): Query {
  const query: Query = {
    id: requireId(value, at),
    text: requireText(value, 'text', at),
    metadata: optionalRecord(value, 'metadata', at) ?? {},
  };
  const answers = optionalStringList(value, 'answers', at);
  if (answers !== undefined) query.answers = answers;
  return query;
}
