import { InputError } from '../errors.js';

/** One line of a TREC run file, as its readers use it: the rank and the tag play no part. */
export interface RunLine {
  qid: string;
  id: string;
  score: number;
}

export const RUN_COLUMNS = ['qid', 'Q0', 'docid', 'rank', 'score', 'tag'] as const;
const QID = 0;
const DOCID = 2;
const SCORE = 4;

/**
 * The longest run line read, in bytes. Six short columns take well under a kilobyte; a line of
 * megabytes is another kind of file (or one without line breaks), and is refused at its line
 * before it is held whole.
 */
export const MAX_RUN_LINE_BYTES = 64 * 1024;

// A plain decimal or exponent number. Number() alone would also take "0x1F", "Infinity" and
// "", none of which a run should hold; trec_eval's atof would read those as 0 without a word.
const DECIMAL = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;

/**
 * Parses one line of a run file (`qid Q0 docid rank score tag`, whitespace-separated); undefined
 * for a blank line. Errors name the file, the line and the column: a line without exactly 6
 * columns, or a score that is not a finite number.
 */
export function parseRunLine(text: string, file: string, line: number): RunLine | undefined {
  const fields = text.trim().split(/\s+/);
  if (fields[0] === '') return undefined;
  checkColumnCount(fields, file, line);
  return { qid: fields[QID]!, id: fields[DOCID]!, score: parseScore(fields[SCORE]!, file, line) };
}

/** The error for a document listed twice for one query, both lines named. */
export function duplicateDocError(doc: RunLine, first: number, file: string, line: number): InputError {
  const message = `document ${JSON.stringify(doc.id)} appears twice for query ${JSON.stringify(doc.qid)} (lines ${first} and ${line})`;
  return new InputError(message, { file, line, field: RUN_COLUMNS[DOCID] });
}

function checkColumnCount(fields: string[], file: string, line: number): void {
  if (fields.length === RUN_COLUMNS.length) return;
  const expected = `expected ${RUN_COLUMNS.length} columns (${RUN_COLUMNS.join(' ')}), got ${fields.length}`;
  // Name the first column that is missing, or the last one when there are too many.
  const missing = RUN_COLUMNS[fields.length];
  const field = missing ?? RUN_COLUMNS[RUN_COLUMNS.length - 1]!;
  const detail = missing ? `: no ${missing} column` : `: something after the ${field} column`;
  throw new InputError(expected + detail, { file, line, field });
}

function parseScore(value: string, file: string, line: number): number {
  const score = DECIMAL.test(value) ? Number(value) : NaN;
  if (!Number.isFinite(score)) {
    throw new InputError(`score must be a number, got ${JSON.stringify(value)}`, {
      file,
      line,
      field: RUN_COLUMNS[SCORE],
    });
  }
  return score;
}
