import { readLines } from '../corpus/read-lines.js';
import { InputError } from '../errors.js';
import { trecOrder, type Run, type RunDoc } from './run.js';

const COLUMNS = ['qid', 'Q0', 'docid', 'rank', 'score', 'tag'] as const;
const QID = 0;
const DOCID = 2;
const SCORE = 4;

// A plain decimal or exponent number. Number() alone would also take "0x1F", "Infinity" and
// "", none of which a run should hold; trec_eval's atof would read those as 0 without a word.
const DECIMAL = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;

/**
 * Reads a TREC run file (`qid Q0 docid rank score tag`, whitespace-separated), streaming it line
 * by line. Like trec_eval, it ignores the rank column and orders each query's documents by
 * score, ties by document id descending (see trecOrder). Blank lines are skipped.
 *
 * Errors name the file, the line and the column: a line without exactly 6 columns, a score that
 * is not a finite number, or a document listed twice for one query (both lines named).
 */
export async function readTrecRun(file: string): Promise<Run> {
  const docs = new Map<string, RunDoc[]>();
  const firstLine = new Map<string, number>();
  for await (const { line, text } of readLines(file)) {
    const fields = text.trim().split(/\s+/);
    if (fields[0] === '') continue;
    checkColumnCount(fields, file, line);
    const qid = fields[QID]!;
    const id = fields[DOCID]!;
    const score = parseScore(fields[SCORE]!, file, line);
    const key = `${qid}\0${id}`;
    const first = firstLine.get(key);
    if (first !== undefined) {
      const message = `document ${JSON.stringify(id)} appears twice for query ${JSON.stringify(qid)} (lines ${first} and ${line})`;
      throw new InputError(message, { file, line, field: COLUMNS[DOCID] });
    }
    firstLine.set(key, line);
    let list = docs.get(qid);
    if (list === undefined) docs.set(qid, (list = []));
    list.push({ id, score });
  }
  const run: Run = new Map();
  for (const [qid, list] of docs) run.set(qid, trecOrder(list));
  return run;
}

function checkColumnCount(fields: string[], file: string, line: number): void {
  if (fields.length === COLUMNS.length) return;
  const expected = `expected ${COLUMNS.length} columns (${COLUMNS.join(' ')}), got ${fields.length}`;
  // Name the first column that is missing, or the last one when there are too many.
  const missing = COLUMNS[fields.length];
  const field = missing ?? COLUMNS[COLUMNS.length - 1]!;
  const detail = missing ? `: no ${missing} column` : `: something after the ${field} column`;
  throw new InputError(expected + detail, { file, line, field });
}

function parseScore(value: string, file: string, line: number): number {
  const score = DECIMAL.test(value) ? Number(value) : NaN;
  if (!Number.isFinite(score)) {
    throw new InputError(`score must be a number, got ${JSON.stringify(value)}`, { file, line, field: COLUMNS[SCORE] });
  }
  return score;
}
