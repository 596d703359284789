import { describeValue, isRecord } from '../corpus/describe-value.js';
import { readLines } from '../corpus/index.js';
import { InputError, NotFoundError } from '../errors.js';
import { parseAddition } from './parse-addition.js';
import type { Addition } from './types.js';

/** One line of an additions file: the record as stored (unknown keys too) and as checked. */
export interface AdditionRecord {
  stored: Record<string, unknown>;
  addition: Addition;
}

/** What an additions file holds: its records, and the lines skipped as torn. */
export interface AdditionRecords {
  records: AdditionRecord[];
  /** The numbers of the lines that are not JSON: what a crash or a full disk cut short. */
  torn: number[];
}

/**
 * The records of an additions file in file order; none when it does not exist. Absence is
 * learnt by opening, not checked beforehand: a removal may delete the file in between. A line
 * that is not JSON (or not UTF-8) is torn (a write cut short, before appends cut a failed write back off; a
 * crash) and is skipped and listed, so one cut line does not make a whole gold set unreadable;
 * a line that is JSON but not a valid addition (a hand edit) is an InputError naming file and
 * line, since skipping it would change the gold set silently.
 */
export async function readAdditionRecords(file: string): Promise<AdditionRecords> {
  const records: AdditionRecord[] = [];
  const torn: number[] = [];
  let read = false;
  try {
    // A line that is not UTF-8 is a write cut mid-character: torn like one that is not JSON.
    for await (const { line, text, badUtf8 } of readLines(file, { markBadUtf8: true })) {
      read = true;
      if (badUtf8) {
        torn.push(line);
        continue;
      }
      if (text.trim() === '') continue;
      let value: unknown;
      try {
        value = JSON.parse(text);
      } catch {
        torn.push(line);
        continue;
      }
      if (!isRecord(value))
        throw new InputError(`expected one JSON object per line, got ${describeValue(value)}`, { file, line });
      records.push({ stored: value, addition: parseAddition(value, { file, line }) });
    }
  } catch (err) {
    if (err instanceof NotFoundError && !read) return { records: [], torn: [] };
    throw err;
  }
  return { records, torn };
}
