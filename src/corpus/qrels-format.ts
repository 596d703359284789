import { InputError } from '../errors.js';

/** Where the query id, document id and grade sit in one qrels line. */
export interface QrelsFormat {
  name: 'BEIR' | 'TREC';
  columns: readonly string[];
  query: number;
  doc: number;
  grade: number;
}

const BEIR: QrelsFormat = { name: 'BEIR', columns: ['query-id', 'corpus-id', 'score'], query: 0, doc: 1, grade: 2 };
const TREC: QrelsFormat = { name: 'TREC', columns: ['qid', 'iter', 'docid', 'rel'], query: 0, doc: 2, grade: 3 };

// The two formats differ in column count, which is all detection needs.
const BY_COLUMN_COUNT: ReadonlyMap<number, QrelsFormat> = new Map([
  [BEIR.columns.length, BEIR],
  [TREC.columns.length, TREC],
]);

/** Picks the qrels format from the first data line's columns. */
export function detectQrelsFormat(fields: readonly string[], file: string, line: number): QrelsFormat {
  const format = BY_COLUMN_COUNT.get(fields.length);
  if (format === undefined) {
    throw new InputError(
      `expected 3 columns (BEIR: ${BEIR.columns.join(' ')}) or 4 (TREC: ${TREC.columns.join(' ')}), got ${fields.length}`,
      { file, line },
    );
  }
  return format;
}

/** True for a BEIR header line (`query-id corpus-id score`): its grade column is not a number. */
export function isHeader(format: QrelsFormat, fields: readonly string[]): boolean {
  return format === BEIR && Number.isNaN(Number(fields[format.grade]));
}

/** Splits a qrels line on runs of whitespace (tabs for BEIR, spaces for TREC, either accepted). */
export function splitQrelsLine(text: string): string[] {
  const trimmed = text.trim();
  return trimmed === '' ? [] : trimmed.split(/\s+/);
}
