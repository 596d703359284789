import { InputError } from '../errors.js';
import type { Qrels } from './types.js';
import { detectQrelsFormat, isHeader, splitQrelsLine, type QrelsFormat } from './qrels-format.js';
import { readLines } from './read-lines.js';

const INTEGER = /^[+-]?\d+$/;

/**
 * Reads relevance judgements in BEIR tsv (`query-id corpus-id score`, optional header) or TREC
 * (`qid iter docid rel`) form, detected from the first data line. Grade 0 entries are kept: they
 * mark judged non-relevant documents, which some metrics distinguish from unjudged ones.
 * A repeated (query, doc) pair is an error, not "last one wins": it is nearly always a mistake.
 */
export async function readQrels(file: string): Promise<Qrels> {
  const qrels: Qrels = new Map();
  const firstLine = new Map<string, number>();
  let format: QrelsFormat | undefined;
  let formatLine = 0;
  for await (const { line, text } of readLines(file)) {
    const fields = splitQrelsLine(text);
    if (fields.length === 0) continue;
    if (format === undefined) {
      format = detectQrelsFormat(fields, file, line);
      formatLine = line;
      if (isHeader(format, fields)) continue;
    }
    if (fields.length !== format.columns.length) {
      const expected = `${format.columns.length} columns (${format.columns.join(' ')}, ${format.name} format as of line ${formatLine})`;
      throw new InputError(`expected ${expected}, got ${fields.length}`, { file, line });
    }
    const query = fields[format.query] ?? '';
    const doc = fields[format.doc] ?? '';
    const grade = parseGrade(fields[format.grade] ?? '', {
      file,
      line,
      field: format.columns[format.grade] ?? 'grade',
    });
    const pair = `${query}\0${doc}`;
    const first = firstLine.get(pair);
    if (first !== undefined) {
      const message = `duplicate judgement for query ${JSON.stringify(query)} and document ${JSON.stringify(doc)} (first at line ${first})`;
      throw new InputError(message, { file, line, field: format.columns[format.doc] ?? 'doc' });
    }
    firstLine.set(pair, line);
    let judged = qrels.get(query);
    if (judged === undefined) qrels.set(query, (judged = new Map()));
    judged.set(doc, grade);
  }
  if (qrels.size === 0) throw new InputError('no judgements in qrels file', { file });
  return qrels;
}

function parseGrade(value: string, where: { file: string; line: number; field: string }): number {
  if (!INTEGER.test(value)) throw new InputError(`grade must be an integer, got ${JSON.stringify(value)}`, where);
  return Number(value);
}
