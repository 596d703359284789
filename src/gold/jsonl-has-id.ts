import { InputError } from '../errors.js';
import { describeValue, isRecord } from '../corpus/describe-value.js';
import { requireId } from '../corpus/fields.js';
import { readLines } from '../corpus/read-lines.js';

/**
 * True when a JSON Lines file (BEIR queries.jsonl or corpus.jsonl) has a record whose id
 * (`_id`, or `id`, as the corpus readers take it) is `id`. Streams the file and stops at the
 * first match. For speed a line is parsed only if it could hold the id: it contains the id as
 * JSON writes it, or an escape JSON allows in its place (`\u....`, or `\/` when the id has a
 * slash). Every other line cannot match, so skipping it is exact, not a guess.
 */
export async function jsonlHasId(file: string, id: string): Promise<boolean> {
  const literal = JSON.stringify(id).slice(1, -1);
  const slashEscapable = id.includes('/');
  for await (const { line, text } of readLines(file)) {
    const candidate = text.includes(literal) || text.includes('\\u') || (slashEscapable && text.includes('\\/'));
    if (!candidate || text.trim() === '') continue;
    if (idOf(text, { file, line }) === id) return true;
  }
  return false;
}

/**
 * The ids among `ids` that no record of a JSON Lines file has, in the order given: one pass
 * over the file whatever the number of ids (a written question marks several documents of a
 * large corpus), stopping once all are found. Lines are skipped on the same exact test as
 * jsonlHasId.
 */
export async function jsonlMissingIds(file: string, ids: readonly string[]): Promise<string[]> {
  const missing = new Set(ids);
  const literals = ids.map((id) => JSON.stringify(id).slice(1, -1));
  const slashEscapable = ids.some((id) => id.includes('/'));
  for await (const { line, text } of readLines(file)) {
    if (missing.size === 0) break;
    const candidate =
      literals.some((l) => text.includes(l)) || text.includes('\\u') || (slashEscapable && text.includes('\\/'));
    if (!candidate || text.trim() === '') continue;
    missing.delete(idOf(text, { file, line }));
  }
  return ids.filter((id) => missing.has(id));
}

function idOf(text: string, at: { file: string; line: number }): string {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    throw new InputError(`malformed JSON: ${(err as Error).message}`, at);
  }
  if (!isRecord(value)) throw new InputError(`expected one JSON object per line, got ${describeValue(value)}`, at);
  return requireId(value, at);
}
