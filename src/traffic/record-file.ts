import { readFile } from 'node:fs/promises';
import { extname } from 'node:path';
import { isRecord } from '../corpus/describe-value.js';
import { translateFsError } from '../corpus/fs-errors.js';
import { requireFile } from '../corpus/path-kind.js';
import { decodeFile } from '../corpus/utf8.js';
import { InputError } from '../errors.js';
import { parseCsv } from './csv.js';
import { fileStart, type JsonlRecords, jsonlLine, readJsonlRecords, type TornLine } from './jsonl-records.js';

export type { TornLine } from './jsonl-records.js';

/** One record of a log or table file, before anyone decides what kind it is. */
export interface RawRecord {
  /** 1-based line (JSONL, CSV) or element (JSON array, OpenSearch hits). */
  line: number;
  value: unknown;
}

export type RecordFormat = 'csv' | 'json-array' | 'opensearch-response' | 'jsonl';

/** The records of one file, and the lines a crash or a full disk cut short. */
export interface RecordFile {
  file: string;
  format: RecordFormat;
  records: RawRecord[];
  /**
   * JSONL: every line that is not JSON, wherever it is. CSV: a last row cut short with no line
   * break after it. Empty when none.
   */
  torn: TornLine[];
}

/**
 * The largest file read as one text (CSV, a JSON array, a JSON document over many lines): V8's
 * longest string is about 512 Mi UTF-16 units, and a larger text fails with an error that says
 * nothing of the cause. JSON Lines has no such limit: it is read line by line.
 */
export const MAX_WHOLE_TEXT_BYTES = 500 * 2 ** 20;

/**
 * Reads every record of one file, choosing the format by what it holds, since exports are named
 * carelessly: `.csv` is CSV (a header row, then one object per row keyed by it); text opening
 * with `[` is a JSON array; a JSON object with a `hits.hits` array is an OpenSearch search
 * response (its hits are the records); anything else is JSON Lines. A JSON Lines line that is
 * not JSON is returned in `torn` for the caller to count and name, wherever it is, and the rest
 * are read: a log is append-only, so a line cut short by a crash or a full disk is followed by
 * whole ones (the next write starts a new line), and rejecting the file would lose a day of
 * traffic for one line. Malformed CSV is an InputError naming the file and line, except a last
 * row with no line break after it (returned in `torn`): a broken quote swallows the rows after
 * it, so there is no telling where the damage ends.
 * JSON Lines (every log this server writes) is read line by line (readJsonlRecords), so neither
 * its size nor a runaway line becomes an opaque error; the other formats need the whole text and
 * are refused over MAX_WHOLE_TEXT_BYTES.
 */
export async function readRecordFile(file: string): Promise<RecordFile> {
  await requireFile(file);
  const start = await fileStart(file);
  const csv = extname(file).toLowerCase() === '.csv';
  if (!csv && start.first !== '[') {
    // A first line that is not JSON by itself may open a JSON document over many lines: read it whole then.
    const jsonl = await readJsonlRecords(file, start.first === '{');
    if (jsonl !== undefined) return searchResponseOrLines(file, jsonl);
  }
  const text = await readWholeText(file, start.size);
  if (csv) return csvRecords(file, text);
  const first = text.trimStart()[0];
  if (first === '[') return arrayRecords(file, text);
  if (first === '{') {
    const whole = tryParse(text);
    const hits = isRecord(whole) && isRecord(whole.hits) ? whole.hits.hits : undefined;
    if (Array.isArray(hits)) return { file, format: 'opensearch-response', records: numbered(hits), torn: [] };
  }
  const out: JsonlRecords = { records: [], torn: [] };
  text.split('\n').forEach((raw, i) => jsonlLine(raw.endsWith('\r') ? raw.slice(0, -1) : raw, i + 1, out));
  return { file, format: 'jsonl', ...out };
}

/** One line holding a search response is an OpenSearch response (its hits are the records); anything else is JSON Lines. */
function searchResponseOrLines(file: string, { records, torn }: JsonlRecords): RecordFile {
  const only = records.length === 1 && torn.length === 0 ? records[0]!.value : undefined;
  const hits = isRecord(only) && isRecord(only.hits) ? only.hits.hits : undefined;
  if (Array.isArray(hits)) return { file, format: 'opensearch-response', records: numbered(hits), torn: [] };
  return { file, format: 'jsonl', records, torn };
}

/** A file read as one text, refused over MAX_WHOLE_TEXT_BYTES; bad UTF-8 is named by its line. */
async function readWholeText(file: string, size: number): Promise<string> {
  if (size > MAX_WHOLE_TEXT_BYTES) {
    throw new InputError(
      `${(size / 2 ** 20).toFixed(0)} MiB is too large to read as one CSV or JSON text (at most ${MAX_WHOLE_TEXT_BYTES / 2 ** 20} MiB): export it as JSON Lines, which is read line by line`,
      { file },
    );
  }
  const bytes = await readFile(file).catch((err: unknown) => {
    throw translateFsError(err, file);
  });
  return decodeFile(bytes, file);
}

function arrayRecords(file: string, text: string): RecordFile {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    throw new InputError(`malformed JSON array: ${(err as Error).message}`, { file });
  }
  if (!Array.isArray(value)) throw new InputError('expected a JSON array', { file });
  return { file, format: 'json-array', records: numbered(value), torn: [] };
}

function csvRecords(file: string, text: string): RecordFile {
  const [header, ...rows] = parseCsv(text);
  if (header === undefined) return { file, format: 'csv', records: [], torn: [] };
  const names = header.fields.map((name) => name.trim());
  const seen = new Set<string>();
  for (const name of names) {
    if (seen.has(name)) throw new InputError(`column "${name}" appears twice in the header`, { file, line: 1 });
    seen.add(name);
  }
  const records: RawRecord[] = [];
  const torn: TornLine[] = [];
  const endsOpen = !text.endsWith('\n');
  rows.forEach((row, i) => {
    const last = i === rows.length - 1;
    if (row.closed && row.fields.length === names.length) {
      records.push({ line: row.line, value: Object.fromEntries(names.map((name, j) => [name, row.fields[j]])) });
      return;
    }
    const what = row.closed
      ? `${row.fields.length} fields where the header has ${names.length}`
      : 'a quoted field is never closed';
    if (last && endsOpen) torn.push({ line: row.line, what: `cut short: ${what}` });
    else throw new InputError(what, { file, line: row.line });
  });
  return { file, format: 'csv', records, torn };
}

function numbered(values: unknown[]): RawRecord[] {
  return values.map((value, i) => ({ line: i + 1, value }));
}

function tryParse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
