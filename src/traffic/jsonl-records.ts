import { open } from 'node:fs/promises';
import { shorten } from '../corpus/describe-value.js';
import { translateFsError } from '../corpus/fs-errors.js';
import { readLines } from '../corpus/read-lines.js';

/**
 * The longest log line read, in bytes. A logged search with its hits and headers takes a few
 * kilobytes; a line of many megabytes is not a log line (or is a file without line breaks) and
 * is refused at its line before it is held whole, rather than grow into a string V8 cannot make.
 */
export const MAX_LOG_LINE_BYTES = 16 * 2 ** 20;

/** A line left out because it cannot be read: what a crash or a full disk cut short. */
export interface TornLine {
  line: number;
  what: string;
}

/** What a file is at first sight: its size and its first non-blank byte. */
export interface FileStart {
  size: number;
  /** The first byte that is not white space, within the first 64 KiB (undefined: none there). */
  first: string | undefined;
}

const PEEK_BYTES = 64 * 1024;

/** Reads the first 64 KiB of a file: enough to choose how to read it. */
export async function fileStart(file: string): Promise<FileStart> {
  const handle = await open(file).catch((err: unknown) => {
    throw translateFsError(err, file);
  });
  try {
    const { size } = await handle.stat();
    const head = Buffer.alloc(Math.min(PEEK_BYTES, size));
    await handle.read(head, 0, head.length, 0);
    // Skip a BOM (EF BB BF) and ASCII white space.
    const text = head.toString('latin1').replace(/^\u00ef\u00bb\u00bf/, '');
    return { size, first: /\S/.exec(text)?.[0] };
  } finally {
    await handle.close();
  }
}

/** JSON Lines read line by line: its records, and the lines a crash or a full disk cut short. */
export interface JsonlRecords {
  /** Each parsed line with its 1-based number (record-file.ts's RawRecord). */
  records: { line: number; value: unknown }[];
  torn: TornLine[];
}

/** One line of JSON Lines: its value, a torn line, or nothing for a blank one. */
export function jsonlLine(text: string | undefined, line: number, out: JsonlRecords): 'record' | 'torn' | 'blank' {
  if (text === undefined) {
    out.torn.push({ line, what: 'cut short: not valid UTF-8' });
    return 'torn';
  }
  if (text.trim() === '') return 'blank';
  try {
    out.records.push({ line, value: JSON.parse(text) });
    return 'record';
  } catch {
    out.torn.push({ line, what: `cut short: ${shorten(text)}` });
    return 'torn';
  }
}

/**
 * Reads a JSON Lines file one line at a time, so its size is bounded by what its records hold,
 * not by the longest string V8 can make (a 587 MB log read as one text failed there). A line
 * over MAX_LOG_LINE_BYTES is an InputError naming the file and line. A line that is not JSON,
 * or not UTF-8 (a write cut mid-character), is returned in `torn` wherever it is and the rest
 * are read: a log is append-only, so a line cut short by a crash or a full disk is followed by
 * whole ones. With `wholeIfFirstFails`, a first non-blank line that is not JSON by itself gives
 * undefined instead (the file may be one JSON document spread over lines, for the caller to read
 * whole).
 */
export async function readJsonlRecords(file: string, wholeIfFirstFails: boolean): Promise<JsonlRecords | undefined> {
  const out: JsonlRecords = { records: [], torn: [] };
  let seen = false;
  for await (const { line, text, badUtf8 } of readLines(file, {
    maxLineBytes: MAX_LOG_LINE_BYTES,
    markBadUtf8: true,
  })) {
    const kind = jsonlLine(badUtf8 ? undefined : text, line, out);
    if (kind === 'blank') continue;
    if (kind === 'torn' && !seen && wholeIfFirstFails) return undefined;
    seen = true;
  }
  return out;
}
