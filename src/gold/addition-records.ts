import { readJsonl } from '../corpus/index.js';
import { NotFoundError } from '../errors.js';
import { parseAddition } from './parse-addition.js';
import type { Addition } from './types.js';

/** One line of an additions file: the record as stored (unknown keys too) and as checked. */
export interface AdditionRecord {
  stored: Record<string, unknown>;
  addition: Addition;
}

/**
 * The records of an additions file in file order; none when it does not exist. Absence is
 * learnt by opening, not checked beforehand: a removal may delete the file in between. A
 * malformed line is an InputError naming file and line.
 */
export async function readAdditionRecords(file: string): Promise<AdditionRecord[]> {
  const records: AdditionRecord[] = [];
  try {
    for await (const { line, value } of readJsonl(file))
      records.push({ stored: value, addition: parseAddition(value, { file, line }) });
  } catch (err) {
    if (err instanceof NotFoundError && records.length === 0) return [];
    throw err;
  }
  return records;
}
