import { InputError } from '../errors.js';
import { describeValue, isRecord } from './describe-value.js';
import { readLines } from './read-lines.js';

/** One object from a JSON Lines file, with the line it came from for later error messages. */
export interface JsonlRecord {
  line: number;
  value: Record<string, unknown>;
}

/**
 * Streams the objects of a JSON Lines file. Blank lines are skipped (editors leave them at the
 * end); line numbers still count them so messages match what an editor shows.
 */
export async function* readJsonl(file: string): AsyncGenerator<JsonlRecord> {
  for await (const { line, text } of readLines(file)) {
    if (text.trim() === '') continue;
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (err) {
      throw new InputError(`malformed JSON: ${(err as Error).message}`, { file, line });
    }
    if (!isRecord(value)) {
      throw new InputError(`expected one JSON object per line, got ${describeValue(value)}`, { file, line });
    }
    yield { line, value };
  }
}
