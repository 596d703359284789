import { describeValue, isRecord } from '../corpus/describe-value.js';
import { InputError, type Location } from '../errors.js';
import { loadDocKeys, resolveDocId } from '../traffic/doc-keys.js';
import { DroppedTally, MAX_EXAMPLES } from '../traffic/dropped.js';
import { normalizeQuery, queryKey } from '../traffic/query-key.js';
import { readRecordFile } from '../traffic/record-file.js';
import type { DroppedCount } from '../traffic/types.js';
import { checkGrade, checkId } from './check-fields.js';

/** Which fields of a ticket export hold what, and the corpus its documents belong to. */
export interface TicketImportOptions {
  /** A CSV file with a header row, or JSON Lines (a JSON array also reads). */
  file: string;
  /** The field with the question as the user asked it. */
  query: string;
  /** The field with the answering documents: one, an array (JSON), or `;`-separated (CSV). */
  doc: string;
  /** The field with a grade (integer 0..MAX_GRADE); 1 when absent or blank. */
  grade?: string;
  /** The field with the ticket's own id; without it, ids come from the normalised query text. */
  id?: string;
  /** Match documents against this corpus (a BEIR folder or corpus .jsonl). */
  corpus?: string;
  /** With `corpus`: where in each document the logged id sits (`metadata.url`); the id by default. */
  docKey?: string;
}

/** One query of the set being built, with its judged documents in the order first seen. */
export interface TicketQuery {
  id: string;
  text: string;
  docs: Map<string, number>;
}

export interface TicketImport {
  rows: number;
  /** Queries with at least one matched document, in the order first seen. */
  queries: TicketQuery[];
  pairs: number;
  /** Rows (and queries) left out, by reason. */
  skipped: DroppedCount[];
  /** Documents named by a row that the corpus does not have; the first ten distinct shown. */
  unmatched: DroppedCount | undefined;
}

const INTEGER = /^\s*\d+\s*$/;
export const NO_MATCHED_DOCUMENT = 'query with no matched document';

/**
 * Reads resolved tickets or answered questions (the best gold a team has: a real question and
 * the page that answered it) into a query set. Rows with the same id, or the same normalised
 * text when there is no id field, merge into one query; a document named twice keeps its
 * highest grade. A row without a question or a document is skipped and counted; a field of the
 * wrong type, a bad grade or a damaged file is an InputError naming file and line, since it
 * means the options or the export are wrong and a count would hide that.
 */
export async function importTickets(options: TicketImportOptions): Promise<TicketImport> {
  const { file } = options;
  const { format, records, torn } = await readRecordFile(file);
  // An export is written whole, not appended to: a line that cannot be read means it is damaged.
  const [first] = torn;
  if (first) throw new InputError(first.what, { file, line: first.line });
  if (format === 'csv') requireColumns(options, records[0]?.value, file);
  const keys =
    options.corpus === undefined
      ? undefined
      : await loadDocKeys({ corpus: options.corpus, ...(options.docKey !== undefined && { docKey: options.docKey }) });
  const skipped = new DroppedTally();
  const unmatched = new DroppedTally();
  const shownUnmatched = new Set<string>();
  const byKey = new Map<string, TicketQuery>();
  for (const { line, value } of records) {
    const where = { file, line };
    if (!isRecord(value)) throw new InputError(`expected a JSON object, got ${describeValue(value)}`, where);
    const row = readRow(value, options, format === 'csv', where);
    if ('skip' in row) {
      skipped.add(row.skip, `${file}:${line}`);
      continue;
    }
    const key = row.id ?? queryKey(normalizeQuery(row.text));
    let query = byKey.get(key);
    if (query === undefined) byKey.set(key, (query = { id: key, text: row.text, docs: new Map() }));
    for (const named of row.docs) {
      const doc = keys === undefined ? named : resolveDocId(keys, named);
      if (doc === undefined) {
        const first = !shownUnmatched.has(named) && shownUnmatched.size < MAX_EXAMPLES;
        if (first) shownUnmatched.add(named);
        unmatched.add('unmatched document', first ? `${file}:${line}: ${JSON.stringify(named)}` : undefined);
        continue;
      }
      query.docs.set(doc, Math.max(row.grade, query.docs.get(doc) ?? 0));
    }
  }
  const queries = [...byKey.values()].filter((q) => {
    if (q.docs.size > 0) return true;
    skipped.add(NO_MATCHED_DOCUMENT, q.id);
    return false;
  });
  return {
    rows: records.length,
    queries,
    pairs: queries.reduce((sum, q) => sum + q.docs.size, 0),
    skipped: skipped.list(),
    unmatched: unmatched.list()[0],
  };
}

type Row = { id?: string; text: string; docs: string[]; grade: number } | { skip: string };

function readRow(record: Record<string, unknown>, options: TicketImportOptions, csv: boolean, at: Location): Row {
  const text = record[options.query];
  if (text === undefined || text === null || (typeof text === 'string' && text.trim() === ''))
    return { skip: `blank or missing ${options.query}` };
  if (typeof text !== 'string')
    throw new InputError(`expected a string, got ${describeValue(text)}`, { ...at, field: options.query });
  let id: string | undefined;
  if (options.id !== undefined) {
    const raw = record[options.id];
    if (raw === undefined || raw === null || raw === '') return { skip: `blank or missing ${options.id}` };
    id = checkId(typeof raw === 'number' ? String(raw) : raw, 'query id', { ...at, field: options.id });
  }
  const docs = documentList(record[options.doc], csv, { ...at, field: options.doc });
  if (docs.length === 0) return { skip: `blank or missing ${options.doc}` };
  const grade = options.grade === undefined ? 1 : readGrade(record[options.grade], { ...at, field: options.grade });
  return { ...(id !== undefined && { id }), text, docs, grade };
}

function documentList(value: unknown, csv: boolean, at: Location): string[] {
  if (value === undefined || value === null) return [];
  const items = Array.isArray(value) ? value : csv && typeof value === 'string' ? value.split(';') : [value];
  const docs: string[] = [];
  for (const item of items) {
    const text = typeof item === 'number' && Number.isSafeInteger(item) ? String(item) : item;
    if (typeof text !== 'string')
      throw new InputError(`expected document ids (strings or integers), got ${describeValue(item)}`, at);
    if (text.trim() === '') continue;
    docs.push(checkId(text.trim(), 'document id', at));
  }
  return docs;
}

function readGrade(value: unknown, at: Location): number {
  if (value === undefined || value === null || value === '') return 1;
  return checkGrade(typeof value === 'string' && INTEGER.test(value) ? Number(value) : value, at);
}

function requireColumns(options: TicketImportOptions, first: unknown, file: string): void {
  if (!isRecord(first)) return;
  const named = [
    ['--query', options.query],
    ['--doc', options.doc],
    ['--grade', options.grade],
    ['--id', options.id],
  ] as const;
  for (const [flag, column] of named) {
    if (column !== undefined && !Object.hasOwn(first, column)) {
      const have = Object.keys(first).join(', ');
      throw new InputError(`${flag} names column "${column}", which the header does not have (it has: ${have})`, {
        file,
        line: 1,
      });
    }
  }
}
