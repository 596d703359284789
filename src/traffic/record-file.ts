import { readFile } from 'node:fs/promises';
import { extname } from 'node:path';
import { isRecord } from '../corpus/describe-value.js';
import { translateFsError } from '../corpus/fs-errors.js';
import { requireFile } from '../corpus/path-kind.js';
import { InputError } from '../errors.js';
import { parseCsv } from './csv.js';

/** One record of a log or table file, before anyone decides what kind it is. */
export interface RawRecord {
  /** 1-based line (JSONL, CSV) or element (JSON array, OpenSearch hits). */
  line: number;
  value: unknown;
}

export type RecordFormat = 'csv' | 'json-array' | 'opensearch-response' | 'jsonl';

/** A line left out because it cannot be read: what a crash or a full disk cut short. */
export interface TornLine {
  line: number;
  what: string;
}

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

const decoder = new TextDecoder('utf-8', { fatal: true });

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
 * The file is read whole: logs are read once, and the formats need the end to be judged.
 */
export async function readRecordFile(file: string): Promise<RecordFile> {
  await requireFile(file);
  const bytes = await readFile(file).catch((err: unknown) => {
    throw translateFsError(err, file);
  });
  const csv = extname(file).toLowerCase() === '.csv';
  let text: string;
  try {
    text = decoder.decode(bytes);
  } catch {
    // A write cut short in the middle of a character leaves its line invalid: that line is torn, not the file.
    if (!csv) return jsonlRecords(file, lineTexts(bytes));
    throw new InputError('not valid UTF-8', { file });
  }
  if (csv) return csvRecords(file, text);
  const first = text.trimStart()[0];
  if (first === '[') return arrayRecords(file, text);
  if (first === '{') {
    const whole = tryParse(text);
    const hits = isRecord(whole) && isRecord(whole.hits) ? whole.hits.hits : undefined;
    if (Array.isArray(hits)) return { file, format: 'opensearch-response', records: numbered(hits), torn: [] };
  }
  return jsonlRecords(file, text.split('\n'));
}

/** The lines of `bytes` split at each newline, each decoded alone: undefined for one that is not UTF-8. */
function lineTexts(bytes: Uint8Array): (string | undefined)[] {
  const lines: (string | undefined)[] = [];
  for (let start = 0; start <= bytes.length; ) {
    let end = bytes.indexOf(0x0a, start);
    if (end === -1) end = bytes.length;
    try {
      lines.push(decoder.decode(bytes.subarray(start, end)));
    } catch {
      lines.push(undefined);
    }
    start = end + 1;
  }
  return lines;
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

function jsonlRecords(file: string, lines: readonly (string | undefined)[]): RecordFile {
  const records: RawRecord[] = [];
  const torn: TornLine[] = [];
  lines.forEach((raw, i) => {
    if (raw === undefined) return void torn.push({ line: i + 1, what: 'cut short: not valid UTF-8' });
    const body = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    if (body.trim() === '') return;
    try {
      records.push({ line: i + 1, value: JSON.parse(body) });
    } catch {
      torn.push({ line: i + 1, what: `cut short: ${shorten(body)}` });
    }
  });
  return { file, format: 'jsonl', records, torn };
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

function shorten(text: string): string {
  return text.length <= 60 ? text : `${text.slice(0, 59)}…`;
}
