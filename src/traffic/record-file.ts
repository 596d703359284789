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

/** The records of one file, and its last line if a crash cut it short. */
export interface RecordFile {
  file: string;
  format: RecordFormat;
  records: RawRecord[];
  /** An unreadable last line with no line break after it: what a writer killed mid-line leaves. */
  truncated?: { line: number; what: string };
}

const decoder = new TextDecoder('utf-8', { fatal: true });

/**
 * Reads every record of one file, choosing the format by what it holds, since exports are named
 * carelessly: `.csv` is CSV (a header row, then one object per row keyed by it); text opening
 * with `[` is a JSON array; a JSON object with a `hits.hits` array is an OpenSearch search
 * response (its hits are the records); anything else is JSON Lines. Malformed text is an
 * InputError naming the file and line, except a last line with no line break after it, which is
 * returned as `truncated` for the caller to count: an append-only log loses that line in a crash.
 * The file is read whole: logs are read once, and the formats need the end to be judged.
 */
export async function readRecordFile(file: string): Promise<RecordFile> {
  await requireFile(file);
  const bytes = await readFile(file).catch((err: unknown) => {
    throw translateFsError(err, file);
  });
  let text: string;
  try {
    text = decoder.decode(bytes);
  } catch {
    throw new InputError('not valid UTF-8', { file });
  }
  if (extname(file).toLowerCase() === '.csv') return csvRecords(file, text);
  const first = text.trimStart()[0];
  if (first === '[') return arrayRecords(file, text);
  if (first === '{') {
    const whole = tryParse(text);
    const hits = isRecord(whole) && isRecord(whole.hits) ? whole.hits.hits : undefined;
    if (Array.isArray(hits)) return { file, format: 'opensearch-response', records: numbered(hits) };
  }
  return jsonlRecords(file, text);
}

function arrayRecords(file: string, text: string): RecordFile {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    throw new InputError(`malformed JSON array: ${(err as Error).message}`, { file });
  }
  if (!Array.isArray(value)) throw new InputError('expected a JSON array', { file });
  return { file, format: 'json-array', records: numbered(value) };
}

function jsonlRecords(file: string, text: string): RecordFile {
  const lines = text.split('\n');
  const records: RawRecord[] = [];
  let truncated: RecordFile['truncated'];
  lines.forEach((raw, i) => {
    const body = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    if (body.trim() === '') return;
    try {
      records.push({ line: i + 1, value: JSON.parse(body) });
    } catch (err) {
      // Only the very last line can be a crash's leftover: it has no line break after it.
      if (i === lines.length - 1) truncated = { line: i + 1, what: `cut short: ${shorten(body)}` };
      else throw new InputError(`malformed JSON: ${(err as Error).message}`, { file, line: i + 1 });
    }
  });
  return { file, format: 'jsonl', records, ...(truncated && { truncated }) };
}

function csvRecords(file: string, text: string): RecordFile {
  const [header, ...rows] = parseCsv(text);
  if (header === undefined) return { file, format: 'csv', records: [] };
  const names = header.fields.map((name) => name.trim());
  const seen = new Set<string>();
  for (const name of names) {
    if (seen.has(name)) throw new InputError(`column "${name}" appears twice in the header`, { file, line: 1 });
    seen.add(name);
  }
  const records: RawRecord[] = [];
  let truncated: RecordFile['truncated'];
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
    if (last && endsOpen) truncated = { line: row.line, what: `cut short: ${what}` };
    else throw new InputError(what, { file, line: row.line });
  });
  return { file, format: 'csv', records, ...(truncated && { truncated }) };
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
