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
